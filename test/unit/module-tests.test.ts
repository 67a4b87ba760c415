/**
 * A newcomer finds a module's test where its name says: for `provider/<path>.ts`,
 * `test/unit/<path>.test.ts` or `test/integration/<path>.test.ts` (nested directories mirrored,
 * `provider/model/schemas/webhook.ts` → `test/unit/model/schemas/webhook.test.ts`), or a file of
 * one aspect of it, `<path>.<aspect>.test.ts` (`validate-strategy.property.test.ts`). A module
 * tested elsewhere is listed, with its reason, in test/module-test-exceptions.ts.
 */
import { describe, expect, it } from "vitest";
import { MODULE_TEST_EXCEPTIONS } from "../module-test-exceptions";
import { sourceFiles } from "../support/source-imports";

const modules = sourceFiles("provider").filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"));
const tests = new Set(
  sourceFiles("test/unit", "test/integration").filter((file) => file.endsWith(".test.ts")),
);

/** The test files named after the module. */
function testsOf(module: string): string[] {
  const path = module.replace(/^provider\//, "").replace(/\.ts$/, "");
  return ["unit", "integration"].flatMap((project) => {
    const stem = `test/${project}/${path}`;
    return [...tests].filter(
      (test) =>
        test === `${stem}.test.ts` ||
        (test.startsWith(`${stem}.`) && !test.slice(stem.length + 1, -8).includes("/")),
    );
  });
}

describe("every module of provider/", () => {
  it("has a test named after it, or a reason in test/module-test-exceptions.ts", () => {
    const missing = modules.filter(
      (module) => testsOf(module).length === 0 && !(module in MODULE_TEST_EXCEPTIONS),
    );
    expect(missing).toEqual([]);
  });

  it("is listed as an exception only while it exists and has no test of its own", () => {
    const stale = Object.keys(MODULE_TEST_EXCEPTIONS).filter(
      (module) => !modules.includes(module) || testsOf(module).length > 0,
    );
    expect(stale).toEqual([]);
  });

  it("has an exception with a reason of one line", () => {
    const unexplained = Object.entries(MODULE_TEST_EXCEPTIONS)
      .filter(([, reason]) => reason.trim() === "" || reason.includes("\n"))
      .map(([module]) => module);
    expect(unexplained).toEqual([]);
  });
});

describe("the naming rule", () => {
  it("finds a module's own test and its aspects, not a neighbour's", () => {
    expect(testsOf("provider/model/validate-strategy.ts")).toEqual([
      "test/unit/model/validate-strategy.property.test.ts",
      "test/unit/model/validate-strategy.test.ts",
    ]);
    expect(testsOf("provider/runtime/strategy.ts")).toEqual(["test/integration/runtime/strategy.test.ts"]);
  });
});
