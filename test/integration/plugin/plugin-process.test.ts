import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import type * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { version } from "../../../package.json";
import { type RunningProcess, runProcess, startProcess, tsNode } from "../../support/process";

const REPO_ROOT = join(__dirname, "..", "..", "..");

// The plugin as the engine starts it: a process that prints its port, then serves gRPC there.
describe("the plugin process", () => {
  let plugin: RunningProcess;
  let client: provrpc.ResourceProviderClient;

  beforeAll(async () => {
    plugin = await startProcess(
      process.execPath,
      tsNode(join(REPO_ROOT, "provider/plugin/main.ts"), "127.0.0.1:1"),
      { cwd: REPO_ROOT, ready: /^(\d+)\n/, timeoutMs: 60_000 },
    );
    const port = Number(plugin.ready[1]);
    client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  }, 60_000);
  afterAll(async () => {
    client?.close();
    await plugin?.stop("SIGTERM");
  });

  it("prints only its port on the first line and answers GetPluginInfo with the package version", async () => {
    const info = await new Promise<pluginproto.PluginInfo>((resolve, reject) =>
      client.getPluginInfo(new emptyproto.Empty(), (err, res) => (err ? reject(err) : resolve(res))),
    );
    expect(info.getVersion()).toBe(version);
  });

  it("answers GetSchema with the package schema, and UNIMPLEMENTED for what it does not serve", async () => {
    const schema = await new Promise<provproto.GetSchemaResponse>((resolve, reject) =>
      client.getSchema(new provproto.GetSchemaRequest(), (err, res) => (err ? reject(err) : resolve(res))),
    );
    expect(JSON.parse(schema.getSchema())).toMatchObject({ name: "strategy-alerts" });
    const construct = await new Promise<grpc.ServiceError | null>((resolve) =>
      client.construct(new provproto.ConstructRequest(), (err) => resolve(err)),
    );
    expect(construct?.code).toBe(grpc.status.UNIMPLEMENTED);
  });
});

describe("the plugin's start-up", () => {
  it("never loads the Pulumi SDK, whose loading would add seconds to every plugin start", async () => {
    const probe = [
      'require("./provider/plugin/server.ts");',
      "const loaded = Object.keys(require.cache);",
      "process.stdout.write(JSON.stringify(loaded.filter((m) => /@pulumi[\\\\/]pulumi[\\\\/](index|runtime[\\\\/]index)\\.js$/.test(m))));",
    ].join("\n");
    const res = await runProcess(process.execPath, tsNode("-e", probe), { cwd: REPO_ROOT });
    expect(res.stderr).toBe("");
    expect(JSON.parse(res.stdout)).toEqual([]);
  }, 60_000);
});
