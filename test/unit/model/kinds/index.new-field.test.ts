/**
 * The walkthrough of a new Strategy field (CONTRIBUTING.md, "Adding a Strategy field"), followed on
 * a copy of the descriptor: one entry with its echo and its review wording reaches the plugin schema,
 * the docs table, the resource's generated TypeScript args and outputs, the diff (runtime and
 * detailed), the live inputs, adoption, the import's program and the review, none of which names it.
 */
import ts from "typescript";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { declareAccount } from "../../../../cli/import/declarations";
import { renderProgram } from "../../../../cli/import/render-program";
import { KINDS } from "../../../../provider/model/kinds";
import type { Strategy } from "../../../../provider/model/strategy";
import { detailedDiff } from "../../../../provider/plugin/detailed-diff";
import { pluginSchema } from "../../../../provider/plugin/package-schema";
import { strategyChanges, strategySummary } from "../../../../provider/review/strategy-diff";
import { adoptionPatch } from "../../../../provider/runtime/strategy-adoption";
import { declaredFromLive, inputsFromLive } from "../../../../provider/runtime/strategy-live-inputs";
import { changedFields, patchFor } from "../../../../provider/runtime/strategy-patch";
import { resourceSource } from "../../../../scripts/kind-declarations";
import { kindTables } from "../../../../scripts/kind-docs";
import { accountSnapshot, listedStrategy } from "../../../support/import-account";
import { ALERT_CAP, QUIET_HOURS } from "../../../support/new-strategy-fields";

const original = KINDS.Strategy;
const writable = KINDS as unknown as Record<string, unknown>;

beforeEach(() => {
  const { adopt, ...fields } = original.inputs;
  writable.Strategy = {
    ...original,
    inputs: { ...fields, alertCap: ALERT_CAP, quietHours: QUIET_HOURS, adopt },
  };
});
// Unit files share one module registry: the real descriptor is back before any other test.
afterEach(() => {
  writable.Strategy = original;
});

/** The members of interface `name` in `source` as written, doc comment included, by member name. */
function membersOf(source: string, name: string): Record<string, string> {
  const file = ts.createSourceFile("strategy.ts", source, ts.ScriptTarget.Latest, true);
  const found = file.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (found === undefined || !ts.isInterfaceDeclaration(found)) throw new Error(`no interface ${name}`);
  return Object.fromEntries(
    found.members.map((m) => [m.name?.getText(file), m.getFullText(file).trim()] as const),
  );
}

const live = (fields: Record<string, unknown>) => listedStrategy("s-1", "Alpha", fields as Partial<Strategy>);
const RULES = [{ rule: "is_honeypot", dealbreaker: true }];

describe("a new Strategy field declared once, in a copy of the descriptor", () => {
  it("is in the plugin schema and the docs table, with its description", () => {
    const schema = pluginSchema() as {
      resources: Record<string, { inputProperties: Record<string, { description: string; type: string }> }>;
    };
    const props = schema.resources[original.pluginToken]!.inputProperties;
    expect(props.alertCap).toMatchObject({ type: "integer", description: ALERT_CAP.description });
    // Its type words read from its type and bounds.
    expect(kindTables("Strategy")).toContain(`| \`alertCap\` | integer 0–100 | ${ALERT_CAP.description} |`);
    expect(kindTables("Strategy")).toContain(`| \`quietHours\` | string | ${QUIET_HOURS.description} |`);
  });

  it("is declared by the generated TypeScript: optional in StrategyArgs, an output of Strategy", () => {
    const source = resourceSource("Strategy");
    const file = ts.createSourceFile("strategy.ts", source, ts.ScriptTarget.Latest, true);
    expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    const args = membersOf(source, "StrategyArgs");
    expect(Object.keys(args)).toEqual(Object.keys(KINDS.Strategy.inputs));
    expect(args.alertCap).toBe(`/** ${ALERT_CAP.description} */\n  alertCap?: pulumi.Input<number>;`);
    expect(args.quietHours).toBe(`/** ${QUIET_HOURS.description} */\n  quietHours?: pulumi.Input<string>;`);
    const outputs = membersOf(source, "Strategy");
    expect(outputs.alertCap).toContain("readonly alertCap: pulumi.Output<number | undefined>;");
    expect(outputs.quietHours).toContain("readonly quietHours: pulumi.Output<string | undefined>;");
  });

  it("is compared by the diff, named by the detailed diff, and reset to its default when removed", () => {
    expect(changedFields({ alertCap: 1 }, { alertCap: 2 })).toEqual(["alertCap"]);
    expect(detailedDiff("Strategy", { alertCap: 1 }, { alertCap: 2 })).toEqual({ alertCap: "UPDATE" });
    expect(patchFor({ alertCap: 3 }, {})).toEqual({ alertCap: 0 });
  });

  it("is read back from the live object by a refresh, kept when the service never answers it", () => {
    const inputs = inputsFromLive({ alertCap: 1, quietHours: "22-6" }, live({ alertCap: 5 }));
    expect(inputs).toMatchObject({ alertCap: 5, quietHours: "22-6" });
    expect(declaredFromLive(live({ alertCap: 0 }))).not.toHaveProperty("alertCap");
    expect(declaredFromLive(live({ alertCap: 5 }))).toMatchObject({ alertCap: 5 });
  });

  it("is compared by adoption when the service answers it, and sent when declared otherwise", () => {
    const declared = declaredFromLive(live({ alertCap: 5 }));
    expect(adoptionPatch(live({ alertCap: 5 }), declared)).toEqual({});
    expect(adoptionPatch(live({ alertCap: 5 }), { ...declared, alertCap: 7, quietHours: "1-2" })).toEqual({
      alertCap: 7,
      quietHours: "1-2",
    });
  });

  it("is written by the import into the program", () => {
    const snapshot = accountSnapshot({ strategies: [live({ alertCap: 5 })] });
    const declared = declareAccount(snapshot).resources.find((d) => d.kind === "Strategy");
    expect(declared?.args).toMatchObject({ alertCap: 5 });
    expect(renderProgram(declareAccount(snapshot)).source).toContain("alertCap: 5");
  });

  it("is worded by the review, in changes and in a new strategy's summary", () => {
    const words = (md: unknown[]) => md.map(String);
    expect(words(strategyChanges({ alertCap: 1 }, { alertCap: 2 }, { tags: {} }))).toContain(
      "Alert cap: 1 → 2",
    );
    expect(words(strategyChanges({}, { quietHours: "22-6" }, { tags: {} }))).toContain(
      "Quiet hours: none → “22-6”",
    );
    const summary = words(
      strategySummary({ triggers: ["token_graduated"], rules: RULES, alertCap: 3 }, { tags: {} }),
    );
    expect(summary).toContain("Alert cap: 3");
  });
});
