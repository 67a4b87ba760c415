import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PackageDefectError } from "./errors";

// The release build (scripts/plugin-release) writes the version into the bundle: a single
// executable has no package.json beside it.
declare const STRATEGY_ALERTS_BUNDLED_VERSION: string | undefined;

let version: string | undefined =
  typeof STRATEGY_ALERTS_BUNDLED_VERSION === "string" ? STRATEGY_ALERTS_BUNDLED_VERSION : undefined;

/** This package's version, from its package.json found upwards (source and built layouts differ). */
export function packageVersion(): string {
  if (version !== undefined) return version;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === "pulumi-strategy-alerts" && manifest.version) {
        version = manifest.version;
        return version;
      }
    } catch {
      // No package.json here: look further up.
    }
    if (dirname(dir) === dir)
      throw new PackageDefectError(
        "cannot find the package.json of pulumi-strategy-alerts above the plugin's files; reinstall the package",
      );
  }
}
