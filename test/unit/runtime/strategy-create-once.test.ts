import { describe, expect, it } from "vitest";
import { AmbiguousWriteError } from "../../../provider/api/errors";
import { StrategyAlertsError } from "../../../provider/model/errors";
import type { RuntimeContext } from "../../../provider/runtime/context";
import { createOnce, sameContent } from "../../../provider/runtime/strategy-create-once";
import { live, RULES } from "../../support/live-strategy";

describe("reconciling a create whose answer was lost", () => {
  const body = {
    name: "Momentum",
    triggers: ["new_token_created" as const],
    rules: RULES as never,
    isActive: false,
  };

  it("recognises the strategy by name and canonical content", () => {
    expect(sameContent(live(), body)).toBe(true);
  });

  it("never matches on the name alone", () => {
    expect(sameContent(live({}, [RULES[1]]), body)).toBe(false);
    expect(
      sameContent(live({ triggers: [{ id: "t", eventType: "token_graduated", enabled: true }] }), body),
    ).toBe(false);
  });
});

describe("a lost create's answer against a service without a Date header", () => {
  it("takes no twin on this machine's clock: it names it and how to adopt it, and sends nothing again", async () => {
    const body = {
      name: "Momentum",
      triggers: ["new_token_created" as const],
      rules: RULES as never,
      isActive: false,
    };
    let posts = 0;
    const client = {
      serviceDate: undefined,
      strategies: {
        create: async () => {
          posts++;
          throw new AmbiguousWriteError(
            {
              method: "POST",
              route: "/strategies",
              requestSentAt: "2026-11-01T00:00:10.000Z",
              readBack: "list the strategies",
              reason: "the connection was dropped",
            },
            new StrategyAlertsError("socket hang up"),
          );
        },
        list: async () => ({ strategies: [live({ id: "twin", createdAt: "2026-11-01T00:00:05.000Z" })] }),
      },
    };
    const ctx = {
      client: () => client,
      run: { claimedStrategyIds: new Set<string>() },
    } as unknown as RuntimeContext;
    await expect(createOnce(ctx, body)).rejects.toThrow(/no Date header.*adopt: "twin"/);
    expect(posts).toBe(1);
  });
});
