import type { RunningEmulator } from "../../../emulator/server";
import { controlOk } from "../../support/emulator";
import type { Api, Json } from "./helpers";

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
  await controlOk(em, "POST", "/clock", { now });
}

export async function advance(em: RunningEmulator, minutes: number): Promise<void> {
  await controlOk(em, "POST", "/clock", { advanceMinutes: minutes });
}

export function upsertTokens(em: RunningEmulator, tokens: Record<string, unknown>[]): Promise<Json> {
  return controlOk(em, "POST", "/tokens", { tokens });
}

export function fire(em: RunningEmulator, event: Record<string, unknown>): Promise<Json> {
  return controlOk(em, "POST", "/events", event);
}

export async function createStrategy(api: Api, body: Record<string, unknown>): Promise<Json> {
  const res = await api.post("/strategies", body);
  if (res.status !== 201) throw new Error(`strategy: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.strategy;
}
