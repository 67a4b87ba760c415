import type { EmulatorContext } from "../context";
import { newId } from "../ids";
import { generateTokens } from "../tokens";
import { processEvent } from "./events";
import { expandGenerated, type TimedObservation } from "./history";

const DEFAULT_STREAM_INTERVAL_MS = 5_000;
const BATCH = 100;

/**
 * The optional background token stream (off unless `--stream` or POST /_emulator/stream):
 * every interval the next generated launch (seed "stream", deterministic order) is observed
 * at the emulator's now — its hourly timeline shifted to start there, so later points become
 * visible as the clock moves — and raised as new_token_created, plus microblog_mention_direct
 * when a tracked tag mentioned it and followed_dev_new_token_created for its developer.
 */
export class TokenStream {
  private timer: NodeJS.Timeout | null = null;
  private index = 0;
  private batch: ReturnType<typeof generateTokens> = [];
  intervalMs = DEFAULT_STREAM_INTERVAL_MS;

  constructor(private readonly ctx: EmulatorContext) {}

  get enabled(): boolean {
    return this.timer !== null;
  }

  start(intervalMs = this.intervalMs): void {
    this.stop();
    this.intervalMs = intervalMs;
    this.timer = setInterval(() => {
      try {
        this.tick();
      } catch {
        // Shutting down (store closed) or a reset in progress: the next tick tries again.
      }
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  status() {
    return { enabled: this.enabled, intervalMs: this.intervalMs, emitted: this.index };
  }

  /** Emits one launch now; returns what its events produced. */
  tick() {
    const i = this.index++;
    if (i % BATCH === 0) this.batch = generateTokens("stream", i + BATCH).slice(i);
    const generated = this.batch[i % BATCH]!;
    const nowMs = this.ctx.clock.nowMs();
    const shift = nowMs - Date.parse(generated.timeline[0]!.at);
    const points = expandGenerated(generated).map(
      (o): TimedObservation => ({
        ...o,
        observedAt: new Date(Date.parse(o.observedAt) + shift).toISOString(),
      }),
    );
    for (const o of points) {
      this.ctx.history.upsert(o);
      this.ctx.store.putTokenObservation({ address: o.address, observedAt: o.observedAt, observation: o });
    }
    const token = points[0]!;
    const correlationId = newId();
    const events = [{ eventType: "new_token_created" }, { eventType: "followed_dev_new_token_created" }];
    const tag = token.microblogTagIds?.[0];
    if (tag) events.push({ eventType: "microblog_mention_direct" });
    return events.map((e) =>
      processEvent(
        this.ctx,
        {
          eventType: e.eventType,
          tokenAddress: token.address,
          ...(e.eventType === "microblog_mention_direct" && tag ? { tagId: tag } : {}),
          ...(e.eventType === "followed_dev_new_token_created"
            ? { developerAddress: token.developerAddress }
            : {}),
          correlationId,
          origin: "stream",
        },
        token,
      ),
    );
  }
}
