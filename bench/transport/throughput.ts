/**
 * The typed client's requests per second with several in flight, for each transport: GET /me
 * (a small answer, so the transport's own cost shows) through `createClient`, once with the
 * product's undici dispatcher (the client's default) and once with the former Node.js http one
 * (node-http-dispatcher.ts, given as the client's `dispatcher`). Measured in interleaved halves
 * (node-http, undici, node-http, undici) against the same emulator, which shares this process,
 * so `cpuMsPerRequest` counts the emulator's work too (the same for both).
 */

import { createClient } from "../../provider/api/client";
import type { HttpDispatcher } from "../../provider/api/http-dispatcher";
import { type Budget, measureThroughput, round, type Stats } from "../harness";
import type { TransportName } from "./cold-start";
import { nodeHttpDispatcher } from "./node-http-dispatcher";

/** Throughput figures plus the process's CPU time per request (client and emulator alike). */
export type ThroughputStats = Stats & { cpuMsPerRequest: number };

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * `measureThroughput`, and the CPU time this process spent per request meanwhile (warm-up
 * included): steadier than ops/s when other work shares the machine's cores.
 */
async function withCpu(name: string, fn: () => Promise<unknown>, budget: Budget & { concurrency: number }) {
  let calls = 0;
  const counted = () => {
    calls++;
    return fn();
  };
  const before = cpuMs();
  const stats = await measureThroughput(name, counted, budget);
  return { stats, cpuMs: cpuMs() - before, calls };
}

const KEY: Record<TransportName, string> = {
  "node-http": "nodeHttp.meInFlight",
  undici: "undici.meInFlight",
};

function clientOf(transport: TransportName, apiKey: string, baseUrl: string) {
  const dispatcher: HttpDispatcher | undefined = transport === "node-http" ? nodeHttpDispatcher() : undefined;
  return createClient({ apiKey, baseUrl, shareRateWindow: false, ...(dispatcher ? { dispatcher } : {}) });
}

/**
 * Both transports' GET /me at `concurrency` in flight, each measured in two halves of `half`;
 * `merge` joins a transport's halves. Results are keyed `nodeHttp.meInFlight`, `undici.meInFlight`.
 */
export async function transportThroughput(
  apiKey: string,
  baseUrl: string,
  concurrency: number,
  half: Budget,
  merge: (a: Stats, b: Stats) => Stats,
): Promise<Record<string, ThroughputStats>> {
  const clients = {
    "node-http": clientOf("node-http", apiKey, baseUrl),
    undici: clientOf("undici", apiKey, baseUrl),
  };
  try {
    // Sizes each client's limiter to the (raised) plan rate, as bench (c) does.
    for (const client of Object.values(clients)) await client.account.me();
    const halves: Record<TransportName, Awaited<ReturnType<typeof withCpu>>[]> = {
      "node-http": [],
      undici: [],
    };
    for (let round = 0; round < 2; round++) {
      for (const t of ["node-http", "undici"] as const) {
        const client = clients[t];
        halves[t].push(await withCpu(KEY[t], () => client.account.me(), { ...half, concurrency }));
      }
    }
    const joined = (t: TransportName): ThroughputStats => {
      const [x, y] = halves[t] as [Awaited<ReturnType<typeof withCpu>>, Awaited<ReturnType<typeof withCpu>>];
      const [a, b] = [x.stats, y.stats];
      const cpuMsPerRequest = round((x.cpuMs + y.cpuMs) / (x.calls + y.calls), 4);
      // merge's mean is elapsed over operations; with several in flight the mean latency is not.
      const meanMs = (a.meanMs * a.samples + b.meanMs * b.samples) / (a.samples + b.samples);
      return { ...merge(a, b), meanMs: round(meanMs, 6), concurrency, cpuMsPerRequest };
    };
    return { [KEY["node-http"]]: joined("node-http"), [KEY.undici]: joined("undici") };
  } finally {
    for (const client of Object.values(clients)) await client.close();
  }
}
