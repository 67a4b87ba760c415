import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { release } from "../../scripts/plugin-release";
import { provision } from "../support/provision";
import { MISSING_CLI_ENV } from "./missing-cli-reporter";

declare module "vitest" {
  export interface ProvidedContext {
    pulumiBinDir: string | null;
    /** Debian's chromium for the browser tests, or why it is missing. */
    chromium: { path: string } | { missing: string };
    /** The linux-amd64 plugin tarball of `npm run plugin:release`, on a machine that runs it. */
    releaseTarball: string | null;
    /** The linux-amd64 tarball of the `strategy-alerts` command, built by the same release build. */
    toolsTarball: string | null;
  }
}

/**
 * Provisions the Pulumi CLI once for the whole e2e run. In CI (`CI=true`) a CLI that cannot be
 * provisioned fails the run: end-to-end tests are never silently skipped there.
 */
export default async function setup(project: TestProject): Promise<void> {
  const cli = provision(
    "scripts/ensure-pulumi.sh",
    "could not provision the Pulumi CLI",
    "e2e tests will not run",
  );
  if ("printed" in cli) {
    const version = spawnSync(resolve(cli.printed, "pulumi"), ["version"], {
      encoding: "utf8",
    }).stdout.trim();
    console.log(`e2e: using pulumi ${version} from ${cli.printed}`);
  } else {
    // The reporter (missing-cli-reporter.ts) repeats this, with the count, at the end of the run.
    process.env[MISSING_CLI_ENV] = cli.stderr.trim().split("\n")[0] || "ensure-pulumi failed";
  }
  const dir = "printed" in cli ? cli.printed : null;
  project.provide("pulumiBinDir", dir);
  project.provide("chromium", provideChromium());
  const tarballs = dir ? await releaseTarballs() : null;
  project.provide("releaseTarball", tarballs?.plugin ?? null);
  project.provide("toolsTarball", tarballs?.tools ?? null);
}

/**
 * The browser of the chart tests, installed by the toolchain script when missing (as root, as
 * CI runs). In CI a browser that cannot be provided fails the run; elsewhere the browser tests
 * fail with the script's reason.
 */
function provideChromium(): { path: string } | { missing: string } {
  const browser = provision(
    "scripts/ensure-chromium.sh",
    "could not provide Chromium",
    "browser tests will fail",
  );
  return "printed" in browser ? { path: browser.printed } : { missing: browser.why };
}

/**
 * The release tarballs for this machine, the plugin's and the tools' (each built unless its inputs
 * are unchanged since the last build, which the release script checks), for the tests that run
 * the binaries.
 */
async function releaseTarballs(): Promise<{ plugin: string; tools: string } | null> {
  if (process.platform !== "linux" || process.arch !== "x64") return null;
  const started = Date.now();
  const outcomes = await release("linux-amd64");
  const built = (artifact: "plugin" | "tools"): string => {
    const outcome = outcomes.find((o) => o.artifact === artifact);
    if (!outcome?.tarball)
      throw new Error(`could not build the release ${artifact} binary: ${outcome?.skipped}`);
    const how = outcome.reused
      ? "unchanged"
      : `built (${((Date.now() - started) / 1000).toFixed(1)} s in all)`;
    console.log(`e2e: release ${artifact} binary ${how}: ${outcome.tarball}`);
    return outcome.tarball;
  };
  return { plugin: built("plugin"), tools: built("tools") };
}
