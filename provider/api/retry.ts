/**
 * Retry policy as small pure functions, so every row of the write-safety table (what may be
 * repeated when a request's outcome is unknown) is tested directly, without a server.
 */

/**
 * How a request may be repeated when its outcome is unknown.
 * - `idempotent`: repeating it leads to the same state (GET, PATCH, activate, DELETE, PUT devs).
 * - `retry-once`: safe by key but worth only one more try; the caller reads afterwards
 *   (POST /devs/:address/add).
 * - `non-idempotent`: a repeat may apply it twice (POST /strategies, POST /backtests, POST
 *   performance jobs, PUT /webhook setting a url).
 */
export type RequestKind = "idempotent" | "retry-once" | "non-idempotent";

/** Why one attempt failed. */
export type Failure =
  | { type: "status"; status: number; retryAfterMs?: number }
  /** No complete response within the timeout; the request may have been applied. */
  | { type: "timeout" }
  /** The connection never opened (refused, DNS): nothing was sent, any request may be repeated. */
  | { type: "connect" }
  /** The connection broke after the request may have been sent. */
  | { type: "dropped" };

export type RetryDecision =
  /** Wait the capped exponential backoff, then send again. */
  | { action: "retry"; wait: "backoff" }
  /** 429: the request was not applied; wait for the rate limit, then send again. */
  | { action: "retry"; wait: "rate-limit" }
  /** Give up and throw the failure's own error. */
  | { action: "fail" }
  /** Give up and throw AmbiguousWriteError: the request may have been applied. */
  | { action: "ambiguous" };

export interface RetryLimits {
  /** Total attempts for 5xx / timeout / connection failures (first send included). */
  maxAttempts: number;
  /** How many 429 answers in a row are waited out before RateLimitError is thrown. */
  maxRateLimitRetries: number;
}

export const DEFAULT_RETRY = {
  maxAttempts: 4,
  maxRateLimitRetries: 10,
  baseMs: 250,
  capMs: 8_000,
} as const;

/** The write-safety table: which kind a request is, from its method, route template and body. */
export function requestKindOf(method: string, route: string, body?: unknown): RequestKind {
  const m = method.toUpperCase();
  if (m === "GET" || m === "PATCH" || m === "DELETE") return "idempotent";
  if (m === "POST") {
    if (route === "/strategies/:id/activate" || route === "/strategies/:id/deactivate") return "idempotent";
    if (route === "/devs/:address/add") return "retry-once";
    return "non-idempotent";
  }
  if (m === "PUT") {
    // Only setting a url can generate a secret that is returned once; `{enabled}` alone and
    // clearing (url null) reach the same state however often they are sent.
    if (route === "/webhook") {
      const url = body !== null && typeof body === "object" ? (body as { url?: unknown }).url : undefined;
      return typeof url === "string" ? "non-idempotent" : "idempotent";
    }
    return "idempotent";
  }
  return "non-idempotent";
}

/**
 * Decides what to do after a failed attempt.
 *
 * `attempt` counts the failures of the same class so far (1 after the first): 429s are counted
 * apart from 5xx/timeout/connection failures, because a 429 was not applied and only says
 * "later", while the others spend the retry budget.
 */
export function shouldRetry(
  kind: RequestKind,
  failure: Failure,
  attempt: number,
  limits: RetryLimits = DEFAULT_RETRY,
): RetryDecision {
  if (failure.type === "status" && failure.status === 429) {
    return attempt <= limits.maxRateLimitRetries
      ? { action: "retry", wait: "rate-limit" }
      : { action: "fail" };
  }
  if (failure.type === "connect") {
    return attempt < limits.maxAttempts ? { action: "retry", wait: "backoff" } : { action: "fail" };
  }
  const transient = failure.type !== "status" || failure.status >= 500;
  if (!transient) return { action: "fail" };
  if (kind === "non-idempotent") return { action: "ambiguous" };
  const budget = kind === "retry-once" ? Math.min(2, limits.maxAttempts) : limits.maxAttempts;
  return attempt < budget ? { action: "retry", wait: "backoff" } : { action: "fail" };
}

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** Uniform in [0, 1); injectable so tests are deterministic. */
  random: () => number;
}

/**
 * Capped exponential backoff with "equal jitter": half of the exponential step is fixed, half
 * random, so parallel clients spread out but never retry immediately.
 */
export function backoffMs(attempt: number, { baseMs, capMs, random }: BackoffOptions): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * Parses a Retry-After header: delay-seconds (the form we expect, see docs/spec-decisions.md)
 * or an HTTP date. Returns milliseconds, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === "") return undefined;
  const trimmed = raw.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
