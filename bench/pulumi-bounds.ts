/**
 * What a perfect provider needs for each benchmark phase (docs/request-costs.md), and the wall
 * time the plan's rate allows. Pure functions, so the bench's yardsticks are easy to check.
 */

export type Phase = "up" | "preview" | "refresh" | "change" | "destroy";
export const PHASES: readonly Phase[] = ["up", "preview", "refresh", "change", "destroy"];

/** Requests by route that N strategies and their activation need at least, per phase. */
export function minimumRequests(phase: Phase, n: number): Record<string, number> {
  if (n === 0) return {};
  switch (phase) {
    case "up":
      return { "POST /strategies": n, "POST /strategies/:id/activate": n };
    case "preview":
      return {};
    case "refresh":
      return { "GET /strategies": 1 };
    case "change":
      return { "PATCH /strategies/:id": n };
    case "destroy":
      return { "DELETE /strategies/:id": n, "POST /strategies/:id/deactivate": n };
  }
}

export const total = (byRoute: Record<string, number>): number =>
  Object.values(byRoute).reduce((a, b) => a + b, 0);

/**
 * The bound: the requests beyond the first window, at the plan's rate, plus the fixed
 * cost of the same `pulumi` command with N = 0. Reachable by a token bucket; a sliding window
 * cannot beat `slidingWindowFloorMs`.
 */
export function boundMs(requests: number, requestsPerMinute: number, fixedMs: number): number {
  return fixedMs + (Math.max(0, requests - requestsPerMinute) / requestsPerMinute) * 60_000;
}

/**
 * The floor under a sliding one-minute window counted at arrival (the emulator's, and the
 * service's as we read service-api.md#rate-limit): request k + rate cannot go before request k has aged a minute,
 * so R requests starting with an empty window take at least ⌊(R − 1) / rate⌋ minutes.
 */
export function slidingWindowFloorMs(requests: number, requestsPerMinute: number, fixedMs: number): number {
  if (requests <= requestsPerMinute) return fixedMs;
  return fixedMs + Math.floor((requests - 1) / requestsPerMinute) * 60_000;
}

/** Median and 95th percentile (nearest rank) of a sample. */
export function percentiles(values: number[]): { n: number; median: number; p95: number } {
  if (values.length === 0) return { n: 0, median: Number.NaN, p95: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
  return { n: sorted.length, median: rank(0.5), p95: rank(0.95) };
}
