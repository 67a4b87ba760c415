import type { Clock } from "./clock";
import type { BacktestRunner } from "./engine/backtest-runner";
import type { DeliveryTracker } from "./engine/dispatch";
import type { TokenHistory } from "./engine/history";
import type { FaultRegistry } from "./http/faults";
import type { RequestJournal } from "./http/journal";
import type { ApiRateLimiter } from "./http/rate-limit";
import type { Store } from "./store/store";
import type { VariantName } from "./variants/catalog";

/** Everything a route needs, built once per emulator instance (no module-level state). */
export interface EmulatorContext {
  store: Store;
  clock: Clock;
  limiter: ApiRateLimiter;
  faults: FaultRegistry;
  journal: RequestJournal;
  webhookTimeoutMs: number;
  /** Token observations (seeded history plus control-plane upserts). */
  history: TokenHistory;
  /** Replays of due backtests, run in the background in short slices. */
  backtests: BacktestRunner;
  /** Webhook deliveries of notifications still in flight. */
  deliveries: DeliveryTracker;
  /** The optional background token stream (off by default; engine/stream.ts). */
  stream: StreamControls;
  /** Serialises work per key (e.g. one PUT /webhook per user at a time). */
  serialize<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** The readings this instance follows where the spec says "not shown" (empty: the defaults). */
  variants: ReadonlySet<VariantName>;
  /** Re-applies the start-up seed after a reset. */
  reseed(): void;
}

/**
 * The controls of the background token stream, as the server and the control plane use them.
 * Declared here, not imported from the stream, which itself runs on this context.
 */
interface StreamControls {
  start(intervalMs?: number): void;
  stop(): void;
  status(): { enabled: boolean; intervalMs: number; emitted: number };
}

export function keyedSerializer(): <T>(key: string, fn: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const prev = tails.get(key) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
