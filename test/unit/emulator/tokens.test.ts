import { describe, expect, it } from "vitest";
import { DEMO_TOKENS, demoTokens, generateTokens } from "../../../emulator/tokens";
import { createRandom, hashSeed } from "../../../emulator/tokens/prng";
import { evaluateStrategy, type RuleItem, TokenObservationSchema } from "../../../provider/model";

type Token = ReturnType<typeof generateTokens>[number];
const first = (t: Token) => t.timeline[0]!;
const last = (t: Token) => t.timeline.at(-1)!;
const endMultiple = (t: Token) => last(t).marketCap / first(t).marketCap;
const peakMultiple = (t: Token) => Math.max(...t.timeline.map((p) => p.marketCap)) / first(t).marketCap;
const drained = (t: Token) => last(t).liquidityUsd < 0.05 * first(t).liquidityUsd;

describe("seeded PRNG", () => {
  it("the same seed gives the same sequence and different seeds differ", () => {
    const draw = (seed: string | number) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draw("x")).toEqual(draw("x"));
    expect(draw("x")).not.toEqual(draw("y"));
    expect(hashSeed(1)).not.toBe(hashSeed("1"));
  });
});

describe("generateTokens", () => {
  it("is deterministic: the same seed gives identical tokens and timelines", () => {
    expect(generateTokens("demo", 30)).toEqual(generateTokens("demo", 30));
    expect(generateTokens(42, 5)).toEqual(generateTokens(42, 5));
    expect(generateTokens("demo", 5)).not.toEqual(generateTokens("other", 5));
  });

  it("token i does not depend on how many tokens are asked for", () => {
    expect(generateTokens("demo", 200).slice(0, 10)).toEqual(generateTokens("demo", 10));
  });

  it("every observation is valid for the token schema", () => {
    for (const t of generateTokens("schema", 300)) {
      const r = TokenObservationSchema.safeParse(t.observation);
      expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    }
  });

  it("timelines are hourly from the observation, which they start with", () => {
    const start = new Date("2026-05-10T07:42:00Z");
    for (const t of generateTokens("hours", 50, { start, hours: 12, spreadHours: 6 })) {
      expect(t.timeline).toHaveLength(12);
      const at0 = Date.parse(first(t).at);
      expect(at0).toBeGreaterThanOrEqual(Date.parse("2026-05-10T07:00:00Z"));
      expect(at0).toBeLessThan(Date.parse("2026-05-10T13:00:00Z"));
      expect(at0 % 3_600_000).toBe(0);
      expect(t.timeline.map((p) => Date.parse(p.at) - at0)).toEqual(t.timeline.map((_, h) => h * 3_600_000));
      expect(t.observation.observedAt).toBe(first(t).at);
      expect(first(t)).toMatchObject({
        priceUsd: t.observation.priceUsd,
        marketCap: t.observation.marketCap,
        liquidityUsd: t.observation.liquidityUsd,
      });
      for (const p of t.timeline) {
        expect(p.priceUsd).toBeGreaterThan(0);
        expect(Number.isFinite(p.marketCap)).toBe(true);
      }
    }
  });

  it("has the shape of real launches over 500 tokens: most fade, a minority reach 2x, a few 10x, some rug, some honeypots", () => {
    const tokens = generateTokens("distribution", 500);
    const share = (pred: (t: Token) => boolean) => tokens.filter(pred).length / tokens.length;
    expect(share((t) => endMultiple(t) < 1)).toBeGreaterThan(0.6);
    expect(share((t) => peakMultiple(t) >= 2)).toBeGreaterThan(0.1);
    expect(share((t) => peakMultiple(t) >= 2)).toBeLessThan(0.45);
    expect(share((t) => peakMultiple(t) >= 10)).toBeGreaterThan(0.01);
    expect(share((t) => peakMultiple(t) >= 10)).toBeLessThan(0.12);
    expect(share(drained)).toBeGreaterThan(0.08);
    expect(share(drained)).toBeLessThan(0.35);
    expect(share((t) => t.observation.isHoneypot === true)).toBeGreaterThan(0.02);
    expect(share((t) => t.observation.isHoneypot === true)).toBeLessThan(0.15);
  });

  it("risk signals carry information: a safety strategy keeps rugs out more often than winners", () => {
    const tokens = generateTokens("signal", 500);
    const safety: RuleItem[] = [
      { rule: "is_honeypot", dealbreaker: true },
      { rule: "risk_level", dealbreaker: true, value: "MEDIUM" },
      { rule: "has_creator_rug_history", dealbreaker: true },
    ];
    const passRate = (pred: (t: Token) => boolean) => {
      const group = tokens.filter(pred);
      return (
        group.filter((t) => evaluateStrategy({ rules: safety }, t.observation).matched).length / group.length
      );
    };
    expect(passRate((t) => t.archetype === "rug" || t.archetype === "honeypot")).toBeLessThan(
      passRate((t) => t.archetype === "runner" || t.archetype === "moonshot"),
    );
  });

  it("rejects a count or hours it cannot honour", () => {
    expect(() => generateTokens("x", -1)).toThrow(RangeError);
    expect(() => generateTokens("x", 1, { hours: 1 })).toThrow(/hours/);
    expect(() => generateTokens("x", 1, { start: new Date("nope") })).toThrow(/start/);
  });
});

describe("DEMO_TOKENS", () => {
  const byName = (name: string) => DEMO_TOKENS.find((t) => t.observation.name === name)!;
  const safety: RuleItem[] = [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "risk_level", dealbreaker: true, value: "MEDIUM" },
    { rule: "liquidity_usd", dealbreaker: false, min: 5_000 },
    { rule: "at_least_one_social", dealbreaker: false },
  ];

  it("are valid observations with timelines that start at the observation", () => {
    expect(DEMO_TOKENS.map((t) => t.observation.name)).toEqual([
      "Demo Winner",
      "Demo Rug",
      "Demo Honeypot",
      "Demo Steady Cap",
    ]);
    for (const t of DEMO_TOKENS) {
      expect(TokenObservationSchema.safeParse(t.observation).success).toBe(true);
      expect(first(t)).toMatchObject({
        marketCap: t.observation.marketCap,
        liquidityUsd: t.observation.liquidityUsd,
      });
    }
  });

  it("the winner reaches 10x, the rug and the honeypot are drained, the low cap fades", () => {
    expect(peakMultiple(byName("Demo Winner"))).toBeGreaterThanOrEqual(10);
    expect(drained(byName("Demo Rug"))).toBe(true);
    expect(drained(byName("Demo Honeypot"))).toBe(true);
    expect(byName("Demo Honeypot").observation.isHoneypot).toBe(true);
    expect(endMultiple(byName("Demo Steady Cap"))).toBeLessThan(1);
  });

  it("a simple safety strategy matches the winner and the clean low cap, not the rug or the honeypot", () => {
    const matched = DEMO_TOKENS.filter((t) => evaluateStrategy({ rules: safety }, t.observation).matched);
    expect(matched.map((t) => t.observation.name)).toEqual(["Demo Winner", "Demo Steady Cap"]);
  });

  it("demoTokens(start) moves the observation and timelines to that hour", () => {
    const moved = demoTokens(new Date("2026-06-01T10:30:00Z"));
    expect(moved[0]!.observation.observedAt).toBe("2026-06-01T10:00:00.000Z");
    expect(moved[0]!.timeline[1]!.at).toBe("2026-06-01T11:00:00.000Z");
  });
});
