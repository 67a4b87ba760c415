import { WebhookReceiver } from "../../support/webhook-receiver";

export { WebhookReceiver } from "../../support/webhook-receiver";

import { inspect } from "node:util";
import { afterAll, beforeAll, expect } from "vitest";
import type { EmulatorOptions, RunningEmulator } from "../../../emulator/server";
import { type ApiClient, type ClientOptions, createClient } from "../../../provider/api/client";
import type { StrategyInput } from "../../../provider/model/strategy";
import { controlOk, startTestEmulator } from "../../support/emulator";
import { sampleStrategy } from "../../support/strategy";

/**
 * Helpers of the typed-client suite: the emulator on an ephemeral port, users made through its
 * control plane, clients that are closed after each file, and a webhook receiver run by the test.
 */

export interface UserLimits {
  requestsPerMinute?: number;
  active?: number;
  total?: number | null;
}

export interface ClientUser {
  userId: string;
  apiKey: string;
  client: ApiClient;
}

/** Makes clients of the suite's emulator and closes all of them (their keep-alive pools). */
export class ClientFactory {
  readonly #clients: ApiClient[] = [];
  /** Set before the enclosing describe block's tests run (see emulatorClients). */
  em!: RunningEmulator;

  client(apiKey: string, options: Partial<ClientOptions> = {}): ApiClient {
    const client = createClient({ apiKey, baseUrl: this.em.baseUrl, ...options });
    this.#clients.push(client);
    return client;
  }

  /** A new user of the emulator (control plane) with a client holding its key. */
  async user(
    opts: {
      plan?: "PRO" | "DEGEN";
      limits?: UserLimits;
      /** A chosen key (8-200 visible ASCII characters); the emulator generates one otherwise. */
      apiKey?: string;
      client?: Partial<ClientOptions>;
    } = {},
  ): Promise<ClientUser> {
    const created = await controlOk<{ userId: string; apiKey: string }>(this.em, "POST", "/users", {
      plan: opts.plan ?? "PRO",
      ...(opts.limits ? { limits: opts.limits } : {}),
      ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
    });
    return {
      userId: created.userId,
      apiKey: created.apiKey,
      client: this.client(created.apiKey, opts.client),
    };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.#clients.splice(0).map((c) => c.close()));
  }
}

/**
 * The clients of an emulator started for the enclosing describe block; after its tests the
 * clients and the emulator are closed.
 */
export function emulatorClients(options: EmulatorOptions = {}): ClientFactory {
  const clients = new ClientFactory();
  beforeAll(async () => {
    clients.em = await startTestEmulator(options);
  });
  afterAll(async () => {
    await clients.closeAll();
    await clients.em.close();
  });
  return clients;
}

/** A webhook receiver that echoes and one that fails, run for the enclosing describe block. */
export function echoAndFailingReceivers(): { echo: WebhookReceiver; failing: WebhookReceiver } {
  const receivers = { echo: new WebhookReceiver("echo"), failing: new WebhookReceiver("fail-500") };
  beforeAll(async () => {
    await Promise.all([receivers.echo.start(), receivers.failing.start()]);
  });
  afterAll(async () => {
    await Promise.all([receivers.echo.close(), receivers.failing.close()]);
  });
  return receivers;
}

/** A valid create body (service-api.md#strategy-input) to vary from. */
export function strategyInput(overrides: Partial<StrategyInput> = {}): StrategyInput {
  return sampleStrategy({ description: "client suite strategy", ...overrides });
}

/** Awaits a promise that must reject and returns what it rejected with. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail, but it succeeded");
}

/** Every way an error can be shown: message, stack, JSON, inspect, and its causes. */
function everyRendering(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    const e = current as Error & { toJSON?: () => unknown };
    parts.push(String(e.message), String(e.stack), inspect(e, { depth: 10 }));
    parts.push(JSON.stringify(typeof e.toJSON === "function" ? e.toJSON() : e));
    current = e.cause;
  }
  return parts.join("\n");
}

export function expectKeyAbsent(what: unknown, apiKey: string): void {
  const text = typeof what === "string" ? what : everyRendering(what);
  expect(text.includes(apiKey), "the API key leaked").toBe(false);
}

/** `count` distinct base58 developer addresses (emulator format: 32-44 base58 characters). */
export function developerAddresses(count: number, prefix = "Dev"): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`.padEnd(40, "x"));
}
