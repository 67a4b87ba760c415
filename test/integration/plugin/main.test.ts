import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import type * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { version } from "../../../package.json";
import { type RunningProcess, runProcess, startProcess, tsNode } from "../../support/process";
import { isRunning, untilGone } from "../../support/process-table";
import { FakeEngine, parentScript, useFakeEngines } from "./fake-engine";

const REPO_ROOT = join(__dirname, "..", "..", "..");

// The plugin as the engine starts it: a process that prints its port, then serves gRPC there.
describe("the plugin process", () => {
  let engine: FakeEngine;
  let plugin: RunningProcess;
  let client: provrpc.ResourceProviderClient;

  beforeAll(async () => {
    engine = await FakeEngine.start();
    plugin = await startProcess(
      process.execPath,
      tsNode(join(REPO_ROOT, "provider/plugin/main.ts"), engine.address),
      { cwd: REPO_ROOT, ready: /^(\d+)\n/, timeoutMs: 60_000 },
    );
    const port = Number(plugin.ready[1]);
    client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  }, 60_000);
  afterAll(async () => {
    client?.close();
    await plugin?.stop("SIGTERM");
    engine?.stop();
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
    expect(JSON.parse(schema.getSchema())).toMatchObject({ name: "strategy-alerts", version });
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

// No plugin outlives its engine: it ends when its parent is gone or the engine's address refuses.
describe("the plugin's lifetime", () => {
  const PLUGIN = join(REPO_ROOT, "provider/plugin/main.ts");
  // Liveness, not speed: the plugin probes about once a second; this is only the test's patience.
  const BOUND_MS = 15_000;
  const { leftovers, fakeEngine, stopEngineUnder, untilChecks } = useFakeEngines("the plugin", BOUND_MS);

  it("exits once the engine at its address is gone, while its parent lives on", async () => {
    const engine = await fakeEngine();
    const plugin = await startProcess(process.execPath, tsNode(PLUGIN, engine.address), {
      cwd: REPO_ROOT,
      ready: /^(\d+)\n/,
      timeoutMs: 60_000,
    });
    leftovers.push(plugin.child.pid!);
    // Serving while the engine answers: several rounds of health checks later, still there.
    await untilChecks(engine, 3);
    expect(isRunning(plugin.child.pid!)).toBe(true);

    const ended = await stopEngineUnder(engine, plugin.child);
    expect(ended.left).toEqual([]);
    expect(await ended.exited).toBe(0);
  }, 90_000);

  it("exits once its parent is gone, while the engine's address still answers", async () => {
    const engine = await fakeEngine();
    // A parent that starts the plugin and stays; the plugin writes its port on the same stdout.
    const script = parentScript("plugin-pid", process.execPath, tsNode(PLUGIN, engine.address));
    const parent = await startProcess(process.execPath, ["-e", script], {
      cwd: REPO_ROOT,
      ready: /plugin-pid (\d+)\n(?:.*\n)*?\d+\n/,
      timeoutMs: 60_000,
    });
    const pluginPid = Number(parent.ready[1]);
    leftovers.push(parent.child.pid!, pluginPid);
    await untilChecks(engine, engine.checks + 2);
    expect(isRunning(pluginPid)).toBe(true);

    parent.child.kill("SIGKILL");
    expect(await untilGone([pluginPid], BOUND_MS)).toEqual([]);
  }, 90_000);
});
