import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  STRATEGY_BODY_FIELDS,
  StrategyInputSchema,
  type ValidationIssue,
  validateStrategyInput,
} from "../../../provider/model";
import { strategyInputArb } from "./arbitraries";

function expectNamedIssues(issues: readonly ValidationIssue[]): void {
  expect(issues.length).toBeGreaterThan(0);
  for (const issue of issues) {
    expect(issue.path.length).toBeGreaterThan(0);
    expect(issue.message.startsWith(issue.path)).toBe(true);
    expect(issue.message.length).toBeGreaterThan(issue.path.length);
  }
}

/** The constant values of the wrong type for a field of a strategy or a rule item. */
const JUNK_CONSTANTS: readonly unknown[] = [null, Number.NaN, Number.POSITIVE_INFINITY, -1, [], {}, "", "  "];

/** Values of the wrong type for every field of a strategy or rule item. */
const junk = fc.oneof(
  fc.constantFrom(...JUNK_CONSTANTS),
  // Blank strings above: invalid as a name too, the only free text that must not be empty.
  fc.array(fc.anything(), { minLength: 1, maxLength: 3 }),
);

type Input = Record<string, unknown>;
type Corruption = { path: string; apply: (input: Input) => void };

/**
 * The body's fields a junk value always makes invalid, read from their schemas (not the
 * description, which takes "" and null, nor the trigger configs, which take {} and null).
 */
const shape = StrategyInputSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
const TOP_LEVEL = STRATEGY_BODY_FIELDS.filter((f) =>
  JUNK_CONSTANTS.every((value) => !shape[f]!.safeParse(value).success),
);
const ITEM_FIELDS = ["rule", "dealbreaker", "min", "max", "value", "config", "clusterConfig", "bogus"];

/** One change known to make a valid input invalid, and the path its issue must name. */
const corruptionArb = (input: Input): fc.Arbitrary<Corruption> => {
  const index = fc.nat({ max: (input.rules as unknown[]).length - 1 });
  const setField = fc.record({ field: fc.constantFrom(...TOP_LEVEL), value: junk }).map(
    ({ field, value }): Corruption => ({
      path: field,
      apply: (i) => {
        i[field] = value;
      },
    }),
  );
  const replaceItem = fc.record({ index, value: junk }).map(
    ({ index, value }): Corruption => ({
      path: `rules[${index}]`,
      apply: (i) => {
        (i.rules as unknown[])[index] = value;
      },
    }),
  );
  const setItemField = fc.record({ index, field: fc.constantFrom(...ITEM_FIELDS), value: junk }).map(
    ({ index, field, value }): Corruption => ({
      path: `rules[${index}]`,
      apply: (i) => {
        (i.rules as Input[])[index]![field] = value;
      },
    }),
  );
  const addPollutingKey = fc.constantFrom("__proto__", "constructor", "toString").map(
    (key): Corruption => ({
      path: key,
      apply: (i) => {
        Object.defineProperty(i, key, { value: {}, enumerable: true, configurable: true, writable: true });
      },
    }),
  );
  return fc.oneof(setField, replaceItem, setItemField, addPollutingKey);
};

describe("validateStrategyInput properties", () => {
  it("accepts every generated valid input, and the zod schema agrees", () => {
    fc.assert(
      fc.property(strategyInputArb, (input) => {
        const result = validateStrategyInput(input, "create");
        expect(result.ok ? [] : result.issues).toEqual([]);
        expect(StrategyInputSchema.safeParse(input).success).toBe(true);
        expect(validateStrategyInput(input, "update").ok).toBe(true);
      }),
    );
  });

  it("never throws and names a path in every issue, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withObjectString: true }),
        fc.constantFrom("create", "update" as const),
        (input, mode) => {
          const result = validateStrategyInput(input, mode);
          if (!result.ok) expectNamedIssues(result.issues);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reports a corrupted field of a valid input under that field's path", () => {
    fc.assert(
      fc.property(
        strategyInputArb.chain((input) =>
          fc.tuple(fc.constant(structuredClone(input)), corruptionArb(input)),
        ),
        ([input, corruption]) => {
          const record = input as Input;
          corruption.apply(record);
          const result = validateStrategyInput(record, "create");
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expectNamedIssues(result.issues);
          expect(result.issues.some((i) => i.path.startsWith(corruption.path))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("survives exotic inputs: huge arrays, throwing getters, cycles and null prototypes", () => {
    const huge = {
      name: "x",
      triggers: Array(10_000).fill("nope"),
      rules: Array(10_000).fill(7),
      isActive: true,
    };
    const hugeResult = validateStrategyInput(huge, "create");
    expect(hugeResult.ok).toBe(false);
    if (!hugeResult.ok) expect(hugeResult.issues.length).toBe(2 + 10_000 + 10_000);

    const throwing = Object.defineProperty({}, "name", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(validateStrategyInput(throwing, "create")).toEqual({
      ok: false,
      issues: [{ path: "input", message: "input could not be validated: boom" }],
    });

    const cyclic: Record<string, unknown> = { name: "x", triggers: ["token_graduated"], isActive: true };
    cyclic.rules = [{ rule: "volume_24h", dealbreaker: false, config: cyclic }];
    const cyclicResult = validateStrategyInput(cyclic, "create");
    expect(cyclicResult.ok).toBe(false);

    const bare = Object.assign(Object.create(null), {
      name: "x",
      triggers: ["token_graduated"],
      isActive: true,
    });
    bare.rules = [{ rule: "has_website", dealbreaker: false }];
    expect(validateStrategyInput(bare, "create").ok).toBe(true);
  });
});
