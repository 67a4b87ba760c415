import { describe, expect, it } from "vitest";
import { compatibleVariants, VARIANT_NAMES, type VariantName } from "../../../../emulator/variants/catalog";
import { control } from "../../../support/emulator";
import { DoctorWorld, differing } from "./doctor-fixture";

/**
 * The items of the doctor's table each variant changes. Every registered variant must be listed
 * (a new one fails here until it is), with the items the doctor can observe; an empty list says
 * the doctor cannot observe that reading, and why.
 */
const CHANGES: Record<VariantName, string[]> = {
  "rate-window-fixed": ["rate-limit window"],
  "no-retry-after": ["Retry-After on a 429"],
  "ratelimit-headers": ["rate-limit headers"],
  "extra-fields": ["unknown fields in answers"],
  "sparse-fields": ["optional fields omitted"],
  "devs-empty-bodies": ["developer write answers"],
  "list-order-desc": ["default list orders"],
  "error-layout": ["404 for an unknown strategy", "400 for an invalid rule"],
  "length-limits": ["length limits"],
  // Observable only by a PUT of a new webhook URL, which needs an endpoint answering the handshake.
  "webhook-verify-async": [],
  // Observable only by queueing a backtest, which spends the plan's daily quota.
  "backtest-slow": [],
};

/** What the doctor says it saw, for the variants whose reading it can measure. */
const OBSERVED: Partial<Record<VariantName, Array<[string, RegExp]>>> = {
  "rate-window-fixed": [["rate-limit window", /^fixed \(calendar minute\)/]],
  "no-retry-after": [["Retry-After on a 429", /^no Retry-After on \d+ 429/]],
  "ratelimit-headers": [
    ["rate-limit headers", /x-ratelimit-limit: 10, x-ratelimit-remaining: \d+, x-ratelimit-reset: \d+/],
  ],
  "extra-fields": [["unknown fields in answers", /xUnknownNote.*xUnknownDetails/]],
  "sparse-fields": [["optional fields omitted", /GET \/devs\/my developers\[\]\.alias/]],
  "devs-empty-bodies": [["developer write answers", /^update → \{\}; tags → \{\}$/]],
  "list-order-desc": [["default list orders", /^\/strategies desc, .*\/devs\/my desc$/]],
  "error-layout": [
    ["404 for an unknown strategy", /message 'The requested resource was not found'$/],
    [
      "400 for an invalid rule",
      /^400 \{error, errors, message, statusCode\}; message does not name rules\[1\], the body/,
    ],
  ],
  "length-limits": [["length limits", /^name ≤ 64, description ≤ 500, rules ≤ 30, triggers ≤ 5$/]],
};

/** Items that only the flags observe. */
const NEEDS_FLAGS = new Set([
  "rate-limit window",
  "leftover temporary strategies",
  "create an inactive strategy",
  "PATCH with rules replaces rules",
  "400 for an invalid rule",
  "length limits",
  "developer write answers",
]);

describe("doctor against each variant of the emulator", () => {
  it("has an expectation for every registered variant", () => {
    expect(Object.keys(CHANGES).sort()).toEqual([...VARIANT_NAMES].sort());
  });

  it.each(VARIANT_NAMES)("names exactly what %s changes", async (variant) => {
    const world = await new DoctorWorld().start([variant]);
    try {
      const { apiKey, userId } = await world.user();
      await world.populate(apiKey);
      // A small budget: the read-only run meets 429s too, and the rate probe is short.
      const res = await control(world.em, "PATCH", `/users/${userId}`, { limits: { requestsPerMinute: 10 } });
      expect(res.status).toBe(200);

      const readOnly = await world.diagnose(apiKey);
      expect(differing(readOnly)).toEqual(CHANGES[variant].filter((item) => !NEEDS_FLAGS.has(item)));
      expect(readOnly.broken).toBe(0);

      const full = await world.diagnose(apiKey, { writeProbe: true, probeRate: true });
      expect(differing(full)).toEqual(CHANGES[variant]);
      for (const [item, pattern] of OBSERVED[variant] ?? [])
        expect(full.rows.find((r) => r.item === item)?.observed).toMatch(pattern);
      expect(full.broken).toBe(0);
    } finally {
      await world.close();
    }
  });

  it("names the union of what the variants change when they are combined", async () => {
    const variants = compatibleVariants();
    const world = await new DoctorWorld().start(variants);
    try {
      const { apiKey, userId } = await world.user();
      await world.populate(apiKey);
      await control(world.em, "PATCH", `/users/${userId}`, { limits: { requestsPerMinute: 10 } });
      const full = await world.diagnose(apiKey, { writeProbe: true, probeRate: true });
      const expected = new Set(variants.flatMap((v) => CHANGES[v]));
      expect(new Set(differing(full))).toEqual(expected);
      expect(full.broken).toBe(0);
    } finally {
      await world.close();
    }
  });
});
