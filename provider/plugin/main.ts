/**
 * Entry of the `pulumi-resource-strategy-alerts` executable: serves the ResourceProvider service
 * on a loopback port and prints the port, which is how the engine finds a plugin. The engine
 * starts one process per provider instance (the default provider and each explicit one).
 *
 * The port is printed before anything heavy loads (early-listener.ts): the gRPC library and the
 * protocol stubs (serve.ts) load while the engine connects, and the provider's module (server.ts)
 * on the first call that needs it. The engine's first calls (Handshake, GetPluginInfo, GetSchema)
 * do not: a process the engine starts only for the schema (a YAML program's, once per command
 * for a plugin named by path) answers them without loading the runtime, the client and zod.
 */
import { printableText } from "../model/printable-text";
import { engineAddressOf, exitWithEngine } from "../runtime/engine-watch";
import { joinEngineRun } from "../runtime/run-holds";
import { listenEarly } from "./early-listener";

let started: Promise<void> | undefined;

/**
 * Starts the plugin, once per process: a second call returns the first start. A bundle's entry
 * calls it, and inside the bundle the guard at the end of this file holds as well (the bundle is
 * the main module, as a single executable's script is), so either alone may not decide.
 */
export function main(): Promise<void> {
  started ??= start();
  return started;
}

async function start(): Promise<void> {
  process.on("unhandledRejection", (err) => {
    const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
    // A stack keeps its lines; each is printable (a message may quote untrusted text).
    console.error(`strategy-alerts: ${text.split("\n").map(printableText).join("\n")}`);
    process.exitCode = 1;
  });
  const address = engineAddressOf(process.argv.slice(2));
  // What resources hold is shared with the engine's other provider processes (runtime/run-holds.ts).
  joinEngineRun(address);
  const listener = await listenEarly();
  // The engine reads the port from the first line of stdout.
  process.stdout.write(`${listener.port}\n`);
  // No plugin outlives its engine (runtime/engine-watch.ts): `stop` is what to close on the way out.
  const stop = exitWithEngine(address);
  const { serveOn, newProvider } = await import("./serve");
  const warnings = address === undefined ? undefined : (await import("./engine-log")).engineWarnings(address);
  const plugin = serveOn(listener, () => newProvider(warnings?.warn));
  stop.push(plugin.close);
}

// Run as a file of its own (`node main.js`, ts-node): start. main() starts once however often called.
if (require.main === module) void main();
