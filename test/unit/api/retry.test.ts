import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  backoffMs,
  DEFAULT_RETRY,
  type Failure,
  parseRetryAfter,
  type RequestKind,
  requestKindOf,
  shouldRetry,
} from "../../../provider/api/retry";

const limits = { maxAttempts: 4, maxRateLimitRetries: 3 };

describe("requestKindOf (the write-safety table)", () => {
  it.each([
    ["GET", "/strategies", undefined, "idempotent"],
    ["GET", "/me", undefined, "idempotent"],
    ["PATCH", "/strategies/:id", { name: "x" }, "idempotent"],
    ["POST", "/strategies/:id/activate", undefined, "idempotent"],
    ["POST", "/strategies/:id/deactivate", undefined, "idempotent"],
    ["DELETE", "/strategies/:id", undefined, "idempotent"],
    ["PUT", "/devs/:address/update", { alias: "a" }, "idempotent"],
    ["PUT", "/devs/:address/tags", { tagIds: [] }, "idempotent"],
    ["POST", "/devs/:address/add", {}, "retry-once"],
    ["POST", "/strategies", {}, "non-idempotent"],
    ["POST", "/backtests", {}, "non-idempotent"],
    ["POST", "/notifications/performance/jobs", undefined, "non-idempotent"],
    ["PUT", "/webhook", { enabled: true, url: "https://hooks.example.com/a" }, "non-idempotent"],
    ["PUT", "/webhook", { enabled: false, url: null }, "idempotent"],
  ] as const)("classifies %s %s as %s", (method, route, body, kind) => {
    expect(requestKindOf(method, route, body)).toBe(kind);
  });

  it("treats PUT /webhook without a url as idempotent, since no secret can be generated", () => {
    expect(requestKindOf("PUT", "/webhook", { enabled: false })).toBe("idempotent");
  });
});

describe("shouldRetry", () => {
  const transient: Failure[] = [
    { type: "status", status: 500 },
    { type: "status", status: 503 },
    { type: "timeout" },
    { type: "dropped" },
  ];

  it.each(transient)("retries idempotent requests with backoff on %o until maxAttempts", (failure) => {
    expect(shouldRetry("idempotent", failure, 1, limits)).toEqual({ action: "retry", wait: "backoff" });
    expect(shouldRetry("idempotent", failure, 3, limits)).toEqual({ action: "retry", wait: "backoff" });
    expect(shouldRetry("idempotent", failure, 4, limits)).toEqual({ action: "fail" });
  });

  it.each(transient)("never retries a non-idempotent write on %o: the outcome is ambiguous", (failure) => {
    expect(shouldRetry("non-idempotent", failure, 1, limits)).toEqual({ action: "ambiguous" });
  });

  it.each(transient)("retries POST /devs/:address/add exactly once on %o", (failure) => {
    expect(shouldRetry("retry-once", failure, 1, limits)).toEqual({ action: "retry", wait: "backoff" });
    expect(shouldRetry("retry-once", failure, 2, limits)).toEqual({ action: "fail" });
  });

  it.each(["idempotent", "retry-once", "non-idempotent"] as RequestKind[])(
    "waits and retries every 429 for %s requests, because a 429 was not applied",
    (kind) => {
      const failure: Failure = { type: "status", status: 429 };
      expect(shouldRetry(kind, failure, 1, limits)).toEqual({ action: "retry", wait: "rate-limit" });
      expect(shouldRetry(kind, failure, 3, limits)).toEqual({ action: "retry", wait: "rate-limit" });
      expect(shouldRetry(kind, failure, 4, limits)).toEqual({ action: "fail" });
    },
  );

  it.each(["idempotent", "retry-once", "non-idempotent"] as RequestKind[])(
    "retries a connection that never opened for %s requests, because nothing was sent",
    (kind) => {
      expect(shouldRetry(kind, { type: "connect" }, 1, limits)).toEqual({ action: "retry", wait: "backoff" });
      expect(shouldRetry(kind, { type: "connect" }, 4, limits)).toEqual({ action: "fail" });
    },
  );

  it.each([400, 401, 403, 404, 409, 422])("never retries a %i answer", (status) => {
    for (const kind of ["idempotent", "retry-once", "non-idempotent"] as RequestKind[]) {
      expect(shouldRetry(kind, { type: "status", status }, 1, limits)).toEqual({ action: "fail" });
    }
  });

  it("uses the default limits when none are given", () => {
    expect(shouldRetry("idempotent", { type: "timeout" }, DEFAULT_RETRY.maxAttempts - 1)).toEqual({
      action: "retry",
      wait: "backoff",
    });
    expect(shouldRetry("idempotent", { type: "timeout" }, DEFAULT_RETRY.maxAttempts)).toEqual({
      action: "fail",
    });
  });
});

describe("backoffMs", () => {
  it("doubles per attempt from baseMs and stops growing at capMs", () => {
    const top = { baseMs: 100, capMs: 1000, random: () => 0.999999 };
    expect(backoffMs(1, top)).toBe(100);
    expect(backoffMs(2, top)).toBe(200);
    expect(backoffMs(3, top)).toBe(400);
    expect(backoffMs(4, top)).toBe(800);
    expect(backoffMs(5, top)).toBe(1000);
    expect(backoffMs(30, top)).toBe(1000);
  });

  it("jitters within the upper half of the step, so it never retries immediately", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, baseMs, capMs, r) => {
          const step = Math.min(capMs, baseMs * 2 ** (attempt - 1));
          const ms = backoffMs(attempt, { baseMs, capMs, random: () => r });
          return ms >= Math.floor(step / 2) && ms <= Math.ceil(step) && ms <= capMs;
        },
      ),
    );
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-04-01T00:00:00Z");

  it("reads delay-seconds as milliseconds", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter(["7"], now)).toBe(7000);
  });

  it("reads an HTTP date as the time until then, never negative", () => {
    expect(parseRetryAfter("Wed, 01 Apr 2026 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Tue, 31 Mar 2026 23:00:00 GMT", now)).toBe(0);
  });

  it("returns undefined when the header is absent or unreadable", () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});

it("treats PUT /webhook with url: undefined as a toggle, because undefined is not sent", () => {
  expect(requestKindOf("PUT", "/webhook", { enabled: true, url: undefined })).toBe("idempotent");
});
