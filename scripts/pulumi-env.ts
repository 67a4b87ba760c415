import { randomBytes } from "node:crypto";
import { delimiter, join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");

export interface PulumiEnvOptions {
  /** The directory holding `pulumi` and its plugins (`npm run pulumi:ensure` prints it). */
  pulumiBinDir: string;
  /** PULUMI_HOME: plugins and credentials of this run only. */
  home: string;
  /** The directory of the local file backend holding the stack's state. */
  stateDir: string;
  /** Merged last, over the defaults. */
  extra?: Record<string, string>;
}

/**
 * The environment of a throwaway Pulumi run driven by this repository's tests, benchmarks and
 * demo: Node from the project, the provisioned CLI, a private home and file backend, no network
 * look-ups, no prompts, a random passphrase for the stack's secrets. The service's credentials are removed: they must come from the stack
 * config (or what a caller sets explicitly in `extra`).
 */
export function pulumiEnv(options: PulumiEnvOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Node 24 from the project's node_modules first, then the Pulumi CLI and its plugins.
    PATH: [join(ROOT, "node_modules", ".bin"), options.pulumiBinDir, process.env.PATH ?? ""].join(delimiter),
    PULUMI_HOME: options.home,
    PULUMI_BACKEND_URL: `file://${options.stateDir}`,
    PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_SKIP_CONFIRMATIONS: "true",
  };
  delete env.STRATEGY_ALERTS_API_KEY;
  delete env.STRATEGY_ALERTS_BASE_URL;
  return Object.assign(env, options.extra);
}
