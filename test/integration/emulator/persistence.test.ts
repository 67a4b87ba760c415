import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator/server";
import { controlOk } from "../../support/emulator";
import { type RunningProcess, startProcess, tsNode } from "../../support/process";
import { type Json, strategyBody } from "./helpers";

const ROOT = path.resolve(__dirname, "../../..");
const CLI = path.join(ROOT, "emulator/cli.ts");

/** Starts the CLI as a real child process (TypeScript through ts-node) and waits for its base URL. */
async function spawnCli(args: string[]): Promise<{ run: RunningProcess; baseUrl: string; output: string }> {
  const run = await startProcess(process.execPath, tsNode(CLI, ...args), {
    cwd: ROOT,
    env: { ...process.env, TS_NODE_PROJECT: path.join(ROOT, "tsconfig.json") },
    ready: /listening: (http:\/\/\S+\/api\/external\/v1)/,
  });
  return { run, baseUrl: run.ready[1]!, output: run.output() };
}

// --data durability, also on a hard kill; docs/spec-decisions.md "Emulator … / Persistence".
describe("emulator persistence", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "emulator-data-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps every acknowledged write across a SIGKILL and restart (--data)", async () => {
    const data = path.join(dir, "state.db");
    const first = await spawnCli(["--port", "0", "--data", data, "--seed", "demo"]);
    const key = /Demo user PRO: userId=\S+ apiKey=(\S+)/.exec(first.output)![1]!;
    const h = { "x-api-key": key, "content-type": "application/json" };
    const created = await fetch(`${first.baseUrl}/strategies`, {
      method: "POST",
      headers: h,
      body: JSON.stringify(strategyBody({ isActive: true })),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as Json).strategy.id;
    const patched = await fetch(`${first.baseUrl}/strategies/${id}`, {
      method: "PATCH",
      headers: h,
      body: JSON.stringify({ name: "Survives SIGKILL" }),
    });
    expect(patched.status).toBe(200);
    const address = "0x52908400098527886E0F7030069857D2E4169EE7";
    expect(
      (await fetch(`${first.baseUrl}/devs/${address}/add`, { method: "POST", headers: h, body: "{}" }))
        .status,
    ).toBe(201);
    await first.run.stop();

    const second = await spawnCli(["--port", "0", "--data", data, "--seed", "demo"]);
    try {
      const read = await fetch(`${second.baseUrl}/strategies/${id}`, { headers: h });
      expect(read.status).toBe(200);
      expect(((await read.json()) as Json).strategy).toMatchObject({
        id,
        name: "Survives SIGKILL",
        isActive: true,
      });
      const devs = (await (await fetch(`${second.baseUrl}/devs/my`, { headers: h })).json()) as Json;
      expect(devs.developers.map((d: { address: string }) => d.address)).toContain(address);
    } finally {
      await second.run.stop();
    }
  }, 90_000);

  it("loses no acknowledged write when SIGKILL lands while other writes are still in flight (--data)", async () => {
    const data = path.join(dir, "inflight.db");
    const first = await spawnCli(["--port", "0", "--data", data]);
    const controlUrl = first.baseUrl.replace("/api/external/v1", "/_emulator");
    const user = await controlOk<{ apiKey: string }>({ controlUrl }, "POST", "/users", {
      plan: "DEGEN",
      limits: { requestsPerMinute: 100_000, total: null },
    });
    const h = { "x-api-key": user.apiKey, "content-type": "application/json" };
    const acknowledged: { kind: "create" | "follow"; id: string; name?: string }[] = [];
    let killed: Promise<void> | undefined;
    const write = async (i: number) => {
      try {
        if (i % 4 === 3) {
          const address = `0x${i.toString(16).padStart(40, "0")}`;
          const res = await fetch(`${first.baseUrl}/devs/${address}/add`, {
            method: "POST",
            headers: h,
            body: "{}",
          });
          if (res.status === 201) acknowledged.push({ kind: "follow", id: address });
        } else {
          const name = `Acked ${i}`;
          const res = await fetch(`${first.baseUrl}/strategies`, {
            method: "POST",
            headers: h,
            body: JSON.stringify(strategyBody({ name })),
          });
          const body = (await res.json()) as Json;
          if (res.status === 201 && !killed)
            acknowledged.push({ kind: "create", id: body.strategy.id, name });
        }
      } catch {
        // The connection died with the process: not acknowledged, so nothing is promised.
      }
      // Kill the moment the 40th acknowledgement is in, with dozens of writes still queued.
      if (acknowledged.length >= 40 && !killed) killed = first.run.stop();
    };
    await Promise.all(Array.from({ length: 120 }, (_, i) => write(i)));
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    const second = await spawnCli(["--port", "0", "--data", data]);
    try {
      const strategies = (
        (await (await fetch(`${second.baseUrl}/strategies`, { headers: h })).json()) as Json
      ).strategies as { id: string; name: string }[];
      const devs = (
        (await (await fetch(`${second.baseUrl}/devs/my?limit=100`, { headers: h })).json()) as Json
      ).developers as { address: string }[];
      for (const a of acknowledged) {
        if (a.kind === "create")
          expect(strategies).toContainEqual(expect.objectContaining({ id: a.id, name: a.name }));
        else expect(devs.map((d) => d.address)).toContain(a.id);
      }
    } finally {
      await second.run.stop();
    }
  }, 90_000);

  it("prints the base URL and, with --seed demo, both demo users' keys", async () => {
    const run = await spawnCli(["--port", "0", "--seed", "demo"]);
    try {
      expect(run.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/external\/v1$/);
      expect(run.output).toMatch(/Demo user PRO: userId=\S+ apiKey=sa_live_[0-9a-f]{32}/);
      expect(run.output).toMatch(/Demo user DEGEN: userId=\S+ apiKey=sa_live_[0-9a-f]{32}/);
      expect(run.output).toContain("State: in memory");
    } finally {
      await run.run.stop();
    }
  }, 60_000);

  it("keeps the emulator clock offset in the data file", async () => {
    const data = path.join(dir, "clock.db");
    const a = await startEmulator({ port: 0, dataFile: data });
    await controlOk(a, "POST", "/clock", { now: "2031-06-01T00:00:00.000Z" });
    await a.close();
    const b = await startEmulator({ port: 0, dataFile: data });
    try {
      expect(b.clock.iso().startsWith("2031-06-01")).toBe(true);
    } finally {
      await b.close();
    }
  });

  it("keeps state in memory without --data", async () => {
    const a = await startEmulator({ port: 0 });
    expect(a.store.db.file).toBeUndefined();
    await a.close();
  });
});
