/**
 * Entry of the `pulumi-resource-strategy-alerts` executable: serves the ResourceProvider service
 * on a loopback port and prints the port, which is how the engine finds a plugin. The engine
 * starts one process per provider instance (the default provider and each explicit one).
 */
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { printableText } from "../model/printable-text";
import { engineWarnings } from "./engine-log";
import { EngineWatch, engineAddressOf, engineHealthProbe } from "./engine-watch";
import type { StrategyAlertsProvider } from "./server";

// The engine may send large property bags (a portfolio's strategies); match the SDK's limit.
const MAX_MESSAGE_BYTES = 400 * 1024 * 1024;

type Unary = grpc.handleUnaryCall<unknown, unknown>;
type MakeProvider = () => Promise<StrategyAlertsProvider>;

/**
 * The provider's unary methods, its module (the runtime, the client, the model's schemas: most of
 * the start-up) loaded after the port is printed rather than before, so the engine's own work
 * between reading the port and its first call overlaps it. A method the provider lacks answers
 * UNIMPLEMENTED, as grpc-js does; a provider that fails to load fails each call with its error.
 */
function deferredService(make: MakeProvider): {
  implementation: grpc.UntypedServiceImplementation;
  load: () => Promise<grpc.UntypedServiceImplementation>;
} {
  let methods: Promise<grpc.UntypedServiceImplementation> | undefined;
  const load = () => {
    methods ??= make().then((provider) => provider.service());
    return methods;
  };
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(provrpc.ResourceProviderService)) {
    if (method.requestStream || method.responseStream) continue;
    const unary: Unary = (call, callback) => {
      load().then(
        (all) => {
          const target = all[name] as Unary | undefined;
          if (target) return target(call, callback);
          callback({
            code: grpc.status.UNIMPLEMENTED,
            details: `The server does not implement the method ${method.path}`,
          });
        },
        (err: Error) => callback({ code: grpc.status.INTERNAL, details: printableText(err.message) }),
      );
    };
    implementation[name] = unary as grpc.UntypedHandleCall;
  }
  return { implementation, load };
}

/** The provider's module, imported on first use (deferredService). */
async function newProvider(
  warn?: ConstructorParameters<typeof StrategyAlertsProvider>[1],
): Promise<StrategyAlertsProvider> {
  const { StrategyAlertsProvider: Provider } = await import("./server");
  return new Provider(undefined, warn);
}

/** Starts a plugin server on an ephemeral loopback port; returns the port and the server. */
export async function startPluginServer(
  make: MakeProvider = () => newProvider(),
): Promise<{ port: number; server: grpc.Server; load: () => Promise<unknown> }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": MAX_MESSAGE_BYTES });
  const { implementation, load } = deferredService(make);
  server.addService(provrpc.ResourceProviderService, implementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return { port, server, load };
}

export async function main(): Promise<void> {
  process.on("unhandledRejection", (err) => {
    const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
    // A stack keeps its lines; each is printable (a message may quote untrusted text).
    console.error(`strategy-alerts: ${text.split("\n").map(printableText).join("\n")}`);
    process.exitCode = 1;
  });
  const address = engineAddressOf(process.argv.slice(2));
  const warnings = address === undefined ? undefined : engineWarnings(address);
  const { port, server, load } = await startPluginServer(() => newProvider(warnings?.warn));
  exitWithEngine(server, address);
  // The engine reads the port from the first line of stdout.
  process.stdout.write(`${port}\n`);
  // The engine's first calls follow at once: load the provider while it connects.
  setImmediate(() => void load().catch(() => {}));
}

/**
 * No plugin outlives its engine (engine-watch.ts): the process ends when its parent or the
 * engine's address is gone, or when the pipes the engine reads break.
 */
function exitWithEngine(server: grpc.Server, address: string | undefined): void {
  const health = address === undefined ? undefined : engineHealthProbe(address);
  const watch = new EngineWatch({ parentPid: () => process.ppid, engine: health?.check });
  const exit = () => {
    watch.stop();
    health?.close();
    server.forceShutdown();
    // Nobody is left to read a message, and the account key leaves with the process.
    process.exit(0);
  };
  watch.start(exit);
  // The engine is the only reader of the plugin's output: a broken pipe means it is gone.
  process.stdout.on("error", exit);
  process.stderr.on("error", exit);
}

if (require.main === module) void main();
