import { describe, expect, it } from "vitest";
import { HttpError } from "../../../../emulator/http/errors";
import { newStrategy, triggersFrom, validate } from "../../../../emulator/strategies/input";

const BODY = {
  name: "Clean launches",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
  ],
};

function refusal(body: unknown): HttpError {
  try {
    validate(body, "create");
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error("validate accepted the body");
}

describe("a strategy from a request body", () => {
  it("is refused with a 400 naming the field", () => {
    expect(refusal([]).issues).toEqual([{ path: "body", message: "body: must be a JSON object" }]);
    const err = refusal({ ...BODY, rules: [{ rule: "liquidity_usd", dealbreaker: false, min: "x" }] });
    expect(err.statusCode).toBe(400);
    expect(err.issues?.every((i) => i.message.startsWith(i.path))).toBe(true);
    expect(err.issues?.map((i) => i.path)).toContain("rules[0].min");
  });

  it("becomes a record with the optional fields defaulted and the rules in their stored form", () => {
    const at = { id: "s1", userId: "u1", isGlobal: false, now: "2026-01-01T00:00:00.000Z" };
    const s = newStrategy(validate({ ...BODY, isActive: false }, "create"), at);
    expect(s).toMatchObject({
      id: "s1",
      userId: "u1",
      description: null,
      triggerConfigs: null,
      strict: false,
      alertCooldownMins: 0,
      matching: { enabled: false, minPercent: 0 },
      retryPolicy: null,
      isActive: false,
      createdAt: at.now,
      updatedAt: at.now,
    });
    expect(s.triggers.map((t) => t.eventType)).toEqual(["new_token_created"]);
    expect(s.dealbreakers.map((r) => r.ruleType)).toEqual(["is_honeypot"]);
    expect(s.ruleGroups.flatMap((g) => g.rules).map((r) => r.ruleType)).toContain("liquidity_usd");
  });

  it("keeps a trigger's record when its event type stays", () => {
    const before = triggersFrom(["new_token_created", "kol_buy"]);
    const after = triggersFrom(["kol_buy", "migration"], before);
    expect(after[0]).toBe(before[1]);
    expect(after[1]?.eventType).toBe("migration");
    expect(after[1]?.id).not.toBe(before[0]?.id);
  });
});
