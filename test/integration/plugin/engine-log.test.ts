import * as grpc from "@grpc/grpc-js";
import * as engineproto from "@pulumi/pulumi/proto/engine_pb";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { engineWarnings, stderrWarn } from "../../../provider/plugin/engine-log";
import { rawUnaryMethod } from "./fake-engine";

/** An engine that serves only Log, keeping what it was told. */
const logged: engineproto.LogRequest[] = [];
let server: grpc.Server;
let address = "";

beforeAll(async () => {
  server = new grpc.Server();
  server.addService(
    { log: rawUnaryMethod("/pulumirpc.Engine/Log") },
    {
      log: (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) => {
        logged.push(engineproto.LogRequest.deserializeBinary(new Uint8Array(call.request)));
        callback(null, Buffer.alloc(0));
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  address = `127.0.0.1:${port}`;
});

afterAll(() => server.forceShutdown());
afterEach(() => vi.restoreAllMocks());

describe("engineWarnings", () => {
  it("logs a warning on the resource, its message made printable", async () => {
    const { warn, close } = engineWarnings(address);
    try {
      await warn("urn:pulumi:dev::p::strategy-alerts:index:Strategy::s", "checked at apply\u001b[2J");
    } finally {
      close();
    }
    expect(logged).toHaveLength(1);
    expect(logged[0]?.getSeverity()).toBe(engineproto.LogSeverity.WARNING);
    expect(logged[0]?.getUrn()).toBe("urn:pulumi:dev::p::strategy-alerts:index:Strategy::s");
    expect(logged[0]?.getMessage()).toContain("checked at apply");
    expect(logged[0]?.getMessage()).not.toContain("\u001b");
  });

  it("resolves without throwing when no engine answers", async () => {
    const { warn, close } = engineWarnings("127.0.0.1:1", 500);
    try {
      await expect(warn("urn:x", "lost")).resolves.toBeUndefined();
    } finally {
      close();
    }
  });
});

describe("stderrWarn", () => {
  it("writes one printable line naming the resource", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => lines.push(line));
    await stderrWarn("urn:pulumi:dev::p::strategy-alerts:index:Webhook::hook", "no https\u0007");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^strategy-alerts: warning: hook: no https/);
    expect(lines[0]).not.toContain("\u0007");
  });
});
