/**
 * The typed client's requests per second with several in flight, for each transport: GET /me
 * (a small answer, so the transport's own cost shows) through `createClient`, once with the
 * product's undici dispatcher (the client's default) and once with the former Node.js http one
 * (node-http-dispatcher.ts, given as the client's `dispatcher`). Measured in interleaved halves
 * (node-http, undici, node-http, undici) against the same emulator, which shares this process.
 */

import { createClient } from "../../provider/api/client";
import type { HttpDispatcher } from "../../provider/api/http-dispatcher";
import { type Budget, measureThroughput, round, type Stats } from "../harness";
import type { TransportName } from "./cold-start";
import { nodeHttpDispatcher } from "./node-http-dispatcher";

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
): Promise<Record<string, Stats>> {
  const clients = {
    "node-http": clientOf("node-http", apiKey, baseUrl),
    undici: clientOf("undici", apiKey, baseUrl),
  };
  try {
    // Sizes each client's limiter to the (raised) plan rate, as bench (c) does.
    for (const client of Object.values(clients)) await client.account.me();
    const halves: Record<TransportName, Stats[]> = { "node-http": [], undici: [] };
    for (let round = 0; round < 2; round++) {
      for (const t of ["node-http", "undici"] as const) {
        const client = clients[t];
        halves[t].push(await measureThroughput(KEY[t], () => client.account.me(), { ...half, concurrency }));
      }
    }
    const joined = (t: TransportName): Stats => {
      const [a, b] = halves[t] as [Stats, Stats];
      // merge's mean is elapsed over operations; with several in flight the mean latency is not.
      const meanMs = (a.meanMs * a.samples + b.meanMs * b.samples) / (a.samples + b.samples);
      return { ...merge(a, b), meanMs: round(meanMs, 6), concurrency };
    };
    return { [KEY["node-http"]]: joined("node-http"), [KEY.undici]: joined("undici") };
  } finally {
    for (const client of Object.values(clients)) await client.close();
  }
}
