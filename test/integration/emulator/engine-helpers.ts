import type { RunningEmulator } from "../../../emulator/server";
import { controlOk } from "../../support/emulator";
import type { Api, Json } from "./helpers";

export { addr, token } from "../../support/tokens";

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
