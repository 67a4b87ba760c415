import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator/server";
import { type ApiClient, createClient } from "../../provider/api/client";
import { controlOk } from "../support/emulator";

export interface JournalEntry {
  method: string;
  route: string;
  path?: string;
  status: number;
  userId?: string;
  /** When the emulator received it (its clock, ISO 8601). */
  time?: string;
}

/** The emulator in the test process; the Pulumi engine reaches it over loopback. */
export class TestEmulator {
  private constructor(readonly em: RunningEmulator) {}

  static async start(options: EmulatorOptions = {}): Promise<TestEmulator> {
    return new TestEmulator(await startEmulator({ port: 0, ...options }));
  }

  get baseUrl(): string {
    return this.em.baseUrl;
  }

  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    return controlOk<T>(this.em, method, path, body);
  }

  /** A fresh account; tests raise the rate limit unless they test it. */
  async user(
    plan: "PRO" | "DEGEN" = "PRO",
    limits: Record<string, number | null> = { requestsPerMinute: 10_000 },
  ): Promise<{ userId: string; apiKey: string; client: ApiClient }> {
    const u = await this.control<{ userId: string; apiKey: string }>("POST", "/users", { plan, limits });
    return { ...u, client: createClient({ apiKey: u.apiKey, baseUrl: this.baseUrl }) };
  }

  async journal(userId?: string): Promise<JournalEntry[]> {
    const res = await this.control<{ requests: JournalEntry[] } | JournalEntry[]>("GET", "/requests");
    const all = Array.isArray(res) ? res : res.requests;
    return userId ? all.filter((r) => r.userId === userId) : all;
  }

  clearJournal(): Promise<unknown> {
    return this.control("DELETE", "/requests");
  }

  close(): Promise<void> {
    return this.em.close();
  }
}

/** Stack config pointing a project at an emulator account (the key as a Pulumi secret). */
export function stackConfig(emulator: TestEmulator, apiKey: string) {
  return {
    "strategy-alerts:apiKey": { value: apiKey, secret: true },
    "strategy-alerts:baseUrl": { value: emulator.baseUrl },
  };
}
