import { describe, expect, it } from "vitest";
import { parseRateLimitHeaders } from "../../../provider/api/rate-limit-headers";

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

describe("parseRateLimitHeaders", () => {
  it("reads Reset as seconds from now, or as a Unix time when too large to be a delay", () => {
    expect(
      parseRateLimitHeaders(
        { "x-ratelimit-limit": "60", "x-ratelimit-remaining": "12.7", "x-ratelimit-reset": "30" },
        NOW,
      ),
    ).toEqual({ limit: 60, remaining: 12, resetMs: 30_000 });
    expect(
      parseRateLimitHeaders(
        { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(NOW / 1000 + 45) },
        NOW,
      ),
    ).toEqual({ remaining: 0, resetMs: 45_000 });
    expect(
      parseRateLimitHeaders(
        { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(NOW / 1000 - 5) },
        NOW,
      ),
    ).toEqual({ remaining: 0, resetMs: 0 });
  });

  it("needs both Remaining and Reset, and ignores nonsense and a limit below one", () => {
    expect(parseRateLimitHeaders({}, NOW)).toBeUndefined();
    expect(parseRateLimitHeaders({ "x-ratelimit-remaining": "5" }, NOW)).toBeUndefined();
    expect(
      parseRateLimitHeaders({ "x-ratelimit-remaining": "-1", "x-ratelimit-reset": "3" }, NOW),
    ).toBeUndefined();
    expect(
      parseRateLimitHeaders({ "x-ratelimit-remaining": " ", "x-ratelimit-reset": "3" }, NOW),
    ).toBeUndefined();
    expect(
      parseRateLimitHeaders(
        { "x-ratelimit-limit": "0", "x-ratelimit-remaining": ["4", "9"], "x-ratelimit-reset": "1" },
        NOW,
      ),
    ).toEqual({ remaining: 4, resetMs: 1_000 });
  });
});
