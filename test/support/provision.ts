import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

/** What a toolchain script provided: the last line it printed (a directory or a path), or why it could not. */
export type Provisioned = { printed: string } | { why: string; stderr: string };

/**
 * Runs one of the toolchain scripts (`scripts/ensure-*.sh`, each printing what it provided as its
 * last line) from the repository's root. When it fails, CI (`CI=true`) fails the run here with the
 * script's reason, so that no suite is skipped silently there; elsewhere the run goes on after a
 * warning that names what will not work.
 */
export function provision(script: string, failure: string, consequence: string): Provisioned {
  const res = spawnSync("bash", [script], { cwd: resolve(__dirname, "../.."), encoding: "utf8" });
  const printed = res.status === 0 ? res.stdout.trim().split("\n").pop() : undefined;
  if (printed) return { printed };
  const why = `${failure}:\n${res.stderr}`;
  if (process.env.CI === "true") throw new Error(why);
  console.warn(`${consequence}: ${why}`);
  return { why, stderr: res.stderr };
}
