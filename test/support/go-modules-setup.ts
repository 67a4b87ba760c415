import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

/**
 * Vitest's global setup for the projects that compile Go programs offline (GOPROXY=off): the
 * modules they need are put in Go's module cache first (scripts/ensure-go-modules.sh; a second
 * when it holds them). In CI a cache that cannot be filled fails the run here, with the script's
 * reason, instead of as many Go tests failing on a module lookup.
 */
export default function setup(): void {
  const res = spawnSync("bash", ["scripts/ensure-go-modules.sh"], {
    cwd: resolve(__dirname, "../.."),
    encoding: "utf8",
  });
  if (res.status === 0) return;
  const why = `could not fill Go's module cache:\n${res.stderr}`;
  if (process.env.CI === "true") throw new Error(why);
  console.warn(`the tests that compile Go programs will fail: ${why}`);
}
