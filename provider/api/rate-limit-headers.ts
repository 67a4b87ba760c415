/**
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`, which the spec does not
 * show but many services send (docs/spec-decisions.md, "Client behaviour"). Reset is read as
 * seconds until the window frees (the emulator's reading, like Retry-After) or, when the number
 * is too large to be a delay, as a Unix time in seconds (GitHub's reading).
 */
export interface ServerWindow {
  /** The plan's requests per window, when sent. */
  limit?: number;
  /** Requests the service still admits in its window when it answered. */
  remaining: number;
  /** Milliseconds from now until the service's window frees. */
  resetMs: number;
}

/** A Reset above this is a Unix time, not a delay (a delay of 30 years is not meant). */
const UNIX_TIME_THRESHOLD_S = 1_000_000_000;

type HeaderValue = string | string[] | undefined;

function numberOf(value: HeaderValue): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === "") return undefined;
  const n = Number(text.trim());
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The service's window as its headers describe it, or undefined when it sends none (or nonsense). */
export function parseRateLimitHeaders(
  headers: Record<string, HeaderValue>,
  nowMs: number,
): ServerWindow | undefined {
  const remaining = numberOf(headers["x-ratelimit-remaining"]);
  const reset = numberOf(headers["x-ratelimit-reset"]);
  if (remaining === undefined || reset === undefined) return undefined;
  const resetMs = reset > UNIX_TIME_THRESHOLD_S ? Math.max(0, reset * 1000 - nowMs) : reset * 1000;
  const limit = numberOf(headers["x-ratelimit-limit"]);
  return {
    remaining: Math.floor(remaining),
    resetMs,
    ...(limit && limit >= 1 ? { limit: Math.floor(limit) } : {}),
  };
}
