import { describe, expect, it } from "vitest";
import { backtestTargets } from "../../../provider/review/backtest-targets";
import { parsePreview } from "../../../provider/review/preview-json";
import { digest, UNKNOWN } from "../../support/preview-fixtures";

const rules = [{ rule: "liquidity_usd", dealbreaker: false, min: 5000 }];
const strategy = { name: "Liquid", triggers: ["new_token_created"], rules };
const ID = "11111111-1111-4111-8111-111111111111";

const targetsOf = (...specs: Parameters<typeof digest>[0]) =>
  backtestTargets(parsePreview(digest(specs)).steps);

describe("backtestTargets", () => {
  it("backtests a new strategy, and a changed one against its live version", () => {
    const targets = targetsOf(
      { op: "create", kind: "Strategy", name: "fresh", new: { ...strategy, name: "Fresh" } },
      {
        op: "update",
        kind: "Strategy",
        name: "liquid",
        id: ID,
        old: strategy,
        new: { ...strategy, rules: [{ ...rules[0], min: 10_000 }] },
      },
    );
    expect(targets.map((t) => [t.name, t.currentId])).toEqual([
      ["Fresh", undefined],
      ["Liquid", ID],
    ]);
    expect(targets[1]?.proposed.rules).toEqual([{ ...rules[0], min: 10_000 }]);
  });

  it("leaves out a change that does not alter what the strategy matches, and other kinds", () => {
    const targets = targetsOf(
      {
        op: "update",
        kind: "Strategy",
        name: "liquid",
        id: ID,
        old: strategy,
        new: { ...strategy, name: "Renamed" },
      },
      { op: "create", kind: "Webhook", name: "hook", new: { url: "https://hooks.example" } },
    );
    expect(targets).toEqual([]);
  });

  it("says why a version holding values known only after apply cannot be sent", () => {
    const [target] = targetsOf({
      op: "create",
      kind: "Strategy",
      name: "later",
      new: { ...strategy, rules: UNKNOWN },
    });
    expect(target?.unsendable).toBeDefined();
  });
});
