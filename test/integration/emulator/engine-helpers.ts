import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "../../../emulator/server";
import { type Api, control, type Json } from "./helpers";

/** A clean token that passes the default test strategy (helpers.strategyBody). */
export function token(address: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address,
    name: `Token ${address.slice(0, 6)}`,
    symbol: address.slice(0, 4).toUpperCase(),
    chainId: 101,
    priceUsd: 0.001,
    marketCap: 1_000_000,
    liquidityUsd: 20_000,
    isHoneypot: false,
    hasWebsite: true,
    riskLevel: "LOW",
    ...overrides,
  };
}

/** A base58-looking 44-character address derived from a word. */
export const addr = (word: string) => (word + "1".repeat(44)).slice(0, 44);

export async function setClock(em: RunningEmulator, now: string): Promise<void> {
  const res = await control(em, "POST", "/clock", { now });
  if (res.status !== 200) throw new Error(`clock: ${res.status}`);
}

export async function advance(em: RunningEmulator, minutes: number): Promise<void> {
  await control(em, "POST", "/clock", { advanceMinutes: minutes });
}

export async function upsertTokens(em: RunningEmulator, tokens: Record<string, unknown>[]): Promise<Json> {
  const res = await control(em, "POST", "/tokens", { tokens });
  if (res.status !== 200) throw new Error(`tokens: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function fire(em: RunningEmulator, event: Record<string, unknown>): Promise<Json> {
  const res = await control(em, "POST", "/events", event);
  if (res.status !== 200) throw new Error(`event: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function createStrategy(api: Api, body: Record<string, unknown>): Promise<Json> {
  const res = await api.post("/strategies", body);
  if (res.status !== 201) throw new Error(`strategy: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.strategy;
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/**
 * A webhook receiver run by the test: it answers the verification handshake and records
 * every notification delivery with its raw body, or answers `failStatus` when set.
 */
export class Receiver {
  server!: Server;
  url = "";
  deliveries: Delivery[] = [];
  failStatus: number | null = null;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const rawBody = Buffer.concat(chunks).toString("utf8");
        const event = JSON.parse(rawBody) as { type: string; data: { challenge?: string } };
        if (event.type === "webhook.endpoint_verification") {
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ challenge: event.data.challenge }));
          return;
        }
        this.deliveries.push({ headers: req.headers, rawBody });
        if (this.failStatus !== null) res.writeHead(this.failStatus).end("nope");
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

/**
 * Spec 6.3, written independently of the emulator: `v1=` + hex HMAC-SHA256 keyed with the
 * secret over `timestamp + "." + rawBody`, compared in constant time; no prefix → invalid.
 */
export function signatureValid(secret: string, headers: IncomingHttpHeaders, rawBody: string): boolean {
  const signature = String(headers["x-svc-signature"] ?? "");
  const timestamp = String(headers["x-svc-timestamp"] ?? "");
  if (!signature.startsWith("v1=") || timestamp === "") return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex"));
  const given = Buffer.from(signature.slice(3));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
