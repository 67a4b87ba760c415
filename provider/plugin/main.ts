/**
 * Entry of the `pulumi-resource-strategy-alerts` executable: serves the ResourceProvider service
 * on a loopback port and prints the port, which is how the engine finds a plugin. The engine
 * starts one process per provider instance (the default provider and each explicit one).
 *
 * The port is printed before anything heavy loads (early-listener.ts): the gRPC library and the
 * protocol stubs (serve.ts), then the provider's module (server.ts), load while the engine
 * connects; its first call waits for them, its launch does not.
 */
import { printableText } from "../model/printable-text";
import { listenEarly } from "./early-listener";
import type { engineHealthProbe } from "../runtime/engine-health";
import { EngineWatch, engineAddressOf } from "../runtime/engine-watch";

export async function main(): Promise<void> {
  process.on("unhandledRejection", (err) => {
    const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
    // A stack keeps its lines; each is printable (a message may quote untrusted text).
    console.error(`strategy-alerts: ${text.split("\n").map(printableText).join("\n")}`);
    process.exitCode = 1;
  });
  const address = engineAddressOf(process.argv.slice(2));
  const listener = await listenEarly();
  // The engine reads the port from the first line of stdout.
  process.stdout.write(`${listener.port}\n`);
  const stop = exitWithEngine(address);
  const { serveOn, newProvider } = await import("./serve");
  const warnings = address === undefined ? undefined : (await import("./engine-log")).engineWarnings(address);
  const plugin = serveOn(listener, () => newProvider(warnings?.warn));
  stop.push(plugin.close);
  // The engine's first calls follow at once: load the provider while it connects.
  setImmediate(() => void plugin.load().catch(() => {}));
}

/**
 * No plugin outlives its engine (engine-watch.ts): the process ends when its parent or the
 * engine's address is gone, or when the pipes the engine reads break. Returns the list of what
 * to stop on the way out, filled as the plugin starts.
 */
function exitWithEngine(address: string | undefined): Array<() => void> {
  const stop: Array<() => void> = [];
  let health: Promise<ReturnType<typeof engineHealthProbe>> | undefined;
  const engine =
    address === undefined
      ? undefined
      : async () => {
          health ??= import("../runtime/engine-health").then(({ engineHealthProbe }) => engineHealthProbe(address));
          return (await health).check();
        };
  const watch = new EngineWatch({ parentPid: () => process.ppid, engine });
  const exit = () => {
    watch.stop();
    for (const close of stop) close();
    // Nobody is left to read a message, and the account key leaves with the process.
    process.exit(0);
  };
  watch.start(exit);
  // The engine is the only reader of the plugin's output: a broken pipe means it is gone.
  process.stdout.on("error", exit);
  process.stderr.on("error", exit);
  return stop;
}

if (require.main === module) void main();
