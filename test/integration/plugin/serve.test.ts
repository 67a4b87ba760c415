import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import { afterEach, describe, expect, it } from "vitest";
import { listenEarly } from "../../../provider/plugin/early-listener";
import { packageVersion } from "../../../provider/plugin/package-version";
import { type MakeProvider, serveOn } from "../../../provider/plugin/serve";

const opened: Array<() => void> = [];
afterEach(() => {
  for (const close of opened.splice(0)) close();
});

function clientOf(port: number): provrpc.ResourceProviderClient {
  const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  opened.push(() => client.close());
  return client;
}

const versionOf = (client: provrpc.ResourceProviderClient) =>
  new Promise<string>((resolve, reject) =>
    client.getPluginInfo(new emptyproto.Empty(), (err, info) =>
      err ? reject(err) : resolve(info.getVersion()),
    ),
  );

/** A Configure call, which needs the provider's module: its error, or null. */
const configureOf = (client: provrpc.ResourceProviderClient) =>
  new Promise<grpc.ServiceError | null>((resolve) =>
    client.configure(new provproto.ConfigureRequest(), (err) => resolve(err)),
  );

describe("the plugin's gRPC server", () => {
  it("answers a call the engine made before the gRPC server existed", async () => {
    const early = await listenEarly();
    const client = clientOf(early.port);
    const answer = versionOf(client);
    // The call's connection waits at the listener before the server takes it.
    await expect.poll(() => early.waiting()).toBe(1);
    const plugin = serveOn(early);
    opened.push(plugin.close);
    expect(await answer).toBe(packageVersion());
  });

  it("answers the engine's first calls without loading the provider's module", async () => {
    const early = await listenEarly();
    let loads = 0;
    const counted: MakeProvider = () => {
      loads++;
      return Promise.reject(new Error("not to be loaded"));
    };
    const plugin = serveOn(early, counted);
    opened.push(plugin.close);
    const client = clientOf(early.port);
    const handshake = await new Promise<grpc.ServiceError | null>((resolve) =>
      client.handshake(new provproto.ProviderHandshakeRequest(), (err) => resolve(err)),
    );
    expect(handshake?.code).toBe(grpc.status.UNIMPLEMENTED);
    expect(await versionOf(client)).toBe(packageVersion());
    const schema = await new Promise<string>((resolve, reject) =>
      client.getSchema(new provproto.GetSchemaRequest(), (err, res) =>
        err ? reject(err) : resolve(res.getSchema()),
      ),
    );
    expect(JSON.parse(schema)).toMatchObject({ name: "strategy-alerts", version: packageVersion() });
    expect(loads).toBe(0);
    // The first call that needs the provider loads it.
    const config = await configureOf(client);
    expect(config?.details).toContain("not to be loaded");
    expect(loads).toBe(1);
  });

  it("fails each call with the error of a provider module that does not load, and stays up", async () => {
    const early = await listenEarly();
    const broken: MakeProvider = () => Promise.reject(new Error("module \u001b[31mbroken"));
    const plugin = serveOn(early, broken);
    opened.push(plugin.close);
    const client = clientOf(early.port);
    for (let call = 0; call < 2; call++) {
      const error = (await configureOf(client)) as grpc.ServiceError;
      expect(error.code).toBe(grpc.status.INTERNAL);
      // The message reaches the engine's terminal as text, its control characters shown escaped.
      expect(error.details).toContain("module");
      expect(error.details).not.toContain("\u001b");
    }
  });

  it("ends its connections and stops listening when closed", async () => {
    const early = await listenEarly();
    const plugin = serveOn(early);
    const client = clientOf(early.port);
    expect(await versionOf(client)).toBe(packageVersion());
    plugin.close();
    const error = (await versionOf(client).catch((e: grpc.ServiceError) => e)) as grpc.ServiceError;
    expect(error.code).toBe(grpc.status.UNAVAILABLE);
  });
});
