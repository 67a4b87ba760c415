/**
 * The plugin's gRPC server: the ResourceProvider service on @grpc/grpc-js, taking its
 * connections from the early listener (early-listener.ts) and its methods from the provider
 * module, which it loads on first use.
 */
import * as grpc from "@grpc/grpc-js";
import * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { printableText } from "../model/printable-text";
import { type EarlyListener, listenEarly } from "./early-listener";
import { servedSchema } from "./identity-answers";
import { packageVersion } from "./package-version";
import { withFastRequests } from "./request-decoding";
import type { StrategyAlertsProvider } from "./server";

// The engine may send large property bags (a portfolio's strategies); match the SDK's limit.
const MAX_MESSAGE_BYTES = 400 * 1024 * 1024;

type Unary = grpc.handleUnaryCall<unknown, unknown>;
export type MakeProvider = () => Promise<StrategyAlertsProvider>;

/**
 * What the engine asks a plugin it started only for the package schema (a YAML program's engine
 * does so once per command for a plugin named by path): answered here, without the provider's
 * module. `handshake` is one the provider does not serve (a unit test holds that); the engine
 * sends it first to every plugin it starts and reads UNIMPLEMENTED as "the former protocol".
 */
const IDENTITY: Record<string, Unary> = {
  getPluginInfo: (_call, callback) =>
    callback(null, new pluginproto.PluginInfo().setVersion(packageVersion())),
  getSchema: (_call, callback) =>
    void servedSchema().then(
      (schema) => callback(null, new provproto.GetSchemaResponse().setSchema(schema)),
      (err: Error) => callback({ code: grpc.status.INTERNAL, details: printableText(err.message) }),
    ),
};
/** Methods the provider does not implement that the engine calls at every start. */
export const NOT_SERVED_AT_START: readonly string[] = ["handshake"];

/**
 * The provider's unary methods, its module (the runtime, the client, the model's schemas: most of
 * the start-up) loaded on the first call that needs it, so a process started only for the schema
 * never loads it. A method the provider lacks answers UNIMPLEMENTED, as grpc-js does; a provider
 * that fails to load fails each call with its error.
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
  const unimplemented = (path: string): Partial<grpc.StatusObject> => ({
    code: grpc.status.UNIMPLEMENTED,
    details: `The server does not implement the method ${path}`,
  });
  for (const [name, method] of Object.entries(provrpc.ResourceProviderService)) {
    if (method.requestStream || method.responseStream) continue;
    const identity = IDENTITY[name];
    if (identity) {
      implementation[name] = identity as grpc.UntypedHandleCall;
      continue;
    }
    if (NOT_SERVED_AT_START.includes(name)) {
      implementation[name] = ((_call, callback) => callback(unimplemented(method.path))) as Unary;
      continue;
    }
    const unary: Unary = (call, callback) => {
      load().then(
        (all) => {
          const target = all[name] as Unary | undefined;
          if (target) return target(call, callback);
          callback(unimplemented(method.path));
        },
        (err: Error) => callback({ code: grpc.status.INTERNAL, details: printableText(err.message) }),
      );
    };
    implementation[name] = unary as grpc.UntypedHandleCall;
  }
  return { implementation, load };
}

/** The provider's module, imported on first use (deferredService). */
export async function newProvider(
  warn?: ConstructorParameters<typeof StrategyAlertsProvider>[1],
): Promise<StrategyAlertsProvider> {
  const { StrategyAlertsProvider: Provider } = await import("./server");
  return new Provider(undefined, warn);
}

export interface PluginServer {
  server: grpc.Server;
  /** Loads the provider's module (the first call does it too). */
  load: () => Promise<unknown>;
  /** Stops listening and ends every connection. */
  close: () => void;
}

/** Serves the provider on the connections of `listener`, the waiting ones first. */
export function serveOn(listener: EarlyListener, make: MakeProvider = () => newProvider()): PluginServer {
  const server = new grpc.Server({ "grpc.max_receive_message_length": MAX_MESSAGE_BYTES });
  const { implementation, load } = deferredService(make);
  server.addService(withFastRequests(provrpc.ResourceProviderService), implementation);
  const injector = server.createConnectionInjector(grpc.ServerCredentials.createInsecure());
  listener.handOver((socket) => injector.injectConnection(socket));
  const close = () => {
    listener.close();
    server.forceShutdown();
  };
  return { server, load, close };
}

/** A plugin server on an ephemeral loopback port, as the executable starts one. */
export async function startPluginServer(make?: MakeProvider): Promise<PluginServer & { port: number }> {
  const listener = await listenEarly();
  return { port: listener.port, ...serveOn(listener, make) };
}
