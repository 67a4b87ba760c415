import type { DoctorReport } from "../../../../cli/doctor/run";
import { diagnose } from "../../../../cli/doctor/run";
import { Clock } from "../../../../emulator/clock";
import { type RunningEmulator, startEmulator } from "../../../../emulator/server";
import type { VariantName } from "../../../../emulator/variants/catalog";
import { control, type Json } from "../../../support/emulator";
import { WebhookReceiver } from "../../../support/webhook-receiver";

const DEV_A = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const DEV_B = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

/**
 * An emulator on a clock the test moves, and a doctor whose sleeps move that clock: the rate
 * probe's minute passes at once, and the emulator's rate window sees exactly that minute.
 */
export class DoctorWorld {
  // Starts a minute behind the wall clock, so populating (which ticks) never runs ahead of it:
  // the doctor's clock-skew check compares the emulator's Date header (wall time) with this one.
  offsetMs = -60_000;
  readonly clock = new Clock(0, () => this.nowMs);

  get nowMs(): number {
    return Date.now() + this.offsetMs;
  }
  em!: RunningEmulator;
  receiver = new WebhookReceiver("echo");
  logs: string[] = [];

  async start(variants: VariantName[] = []): Promise<this> {
    this.em = await startEmulator({ port: 0, clock: this.clock, variants, webhookTimeoutMs: 2000 });
    await this.receiver.start();
    return this;
  }

  async close(): Promise<void> {
    await this.receiver.close();
    await this.em.close();
  }

  /** Moves both clocks; every business time after it is later. */
  tick(ms = 1_000): void {
    this.offsetMs += ms;
  }

  async user(limits: Record<string, number> = {}): Promise<{ apiKey: string; userId: string }> {
    const res = await control(this.em, "POST", "/users", { plan: "PRO", limits });
    if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async api(apiKey: string, method: string, path: string, body?: unknown): Promise<Json> {
    const res = await fetch(this.em.baseUrl + path, {
      method,
      headers: { "x-api-key": apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : {};
  }

  /**
   * Two of each record the doctor reads (strategies, developers, evaluations, notifications,
   * backtests), a second apart so default orders are observable, and a verified webhook.
   */
  async populate(apiKey: string): Promise<void> {
    const tags = (await this.api(apiKey, "GET", "/devs/tags")).tags;
    await this.api(apiKey, "POST", `/devs/${DEV_A}/add`, { alias: "A" });
    this.tick();
    await this.api(apiKey, "POST", `/devs/${DEV_B}/add`, {});
    await this.api(apiKey, "PUT", `/devs/${DEV_A}/tags`, { tagIds: [tags[0].id] });
    const ids: string[] = [];
    for (const name of ["Clean launches", "Second look"]) {
      this.tick();
      const s = await this.api(apiKey, "POST", "/strategies", {
        name,
        triggers: ["new_token_created"],
        rules: [
          { rule: "is_honeypot", dealbreaker: true },
          { rule: "liquidity_usd", dealbreaker: false, min: 1000 },
        ],
        isActive: true,
      });
      ids.push(s.strategy.id);
    }
    await this.api(apiKey, "PUT", "/webhook", { enabled: true, url: this.receiver.url });
    for (const address of [
      "DoctorTokenA111111111111111111111111111111",
      "DoctorTokenB111111111111111111111111111111",
    ]) {
      this.tick();
      const token = {
        name: "Doctor",
        symbol: "DOC",
        priceUsd: 0.01,
        marketCap: 50_000,
        liquidityUsd: 20_000,
        isHoneypot: false,
      };
      const res = await control(this.em, "POST", "/events", {
        eventType: "new_token_created",
        tokenAddress: address,
        token,
      });
      if (res.status !== 200) throw new Error(`event: ${res.status} ${JSON.stringify(res.body)}`);
    }
    for (let i = 0; i < 2; i++) {
      this.tick();
      await this.api(apiKey, "POST", "/backtests", {
        strategyId: ids[0],
        from: new Date(this.nowMs - 86_400_000).toISOString(),
        to: new Date(this.nowMs).toISOString(),
        labelDefinition: { threshold: 2 },
        options: {},
      });
    }
    this.tick(5_000);
  }

  diagnose(apiKey: string, flags: { writeProbe?: boolean; probeRate?: boolean } = {}): Promise<DoctorReport> {
    // In step with the wall clock when the doctor starts; its sleeps move both from there.
    this.offsetMs = 0;
    return diagnose({
      apiKey,
      baseUrl: this.em.baseUrl,
      writeProbe: flags.writeProbe ?? false,
      probeRate: flags.probeRate ?? false,
      log: (line) => this.logs.push(line),
      now: () => this.nowMs,
      sleep: async (ms) => {
        this.tick(ms);
      },
    });
  }
}

/** The items that differ from the emulator's reading, in table order. */
export const differing = (report: DoctorReport): string[] =>
  report.rows.filter((r) => r.differs).map((r) => r.item);
