/**
 * A newcomer finds a module's test where its name says: for `provider/<path>.ts`,
 * `test/unit/<path>.test.ts`, `test/integration/<path>.test.ts` or `test/e2e/<path>.test.ts`
 * (nested directories mirrored, `provider/model/schemas/webhook.ts` →
 * `test/unit/model/schemas/webhook.test.ts`); for `cli/<path>.ts` the same under `cli/`
 * (`cli/recover/settle.ts` → `test/unit/cli/recover/settle.test.ts`); or a file of one aspect of
 * it, `<path>.<aspect>.test.ts` (`validate-strategy.property.test.ts`). Every module is imported
 * directly by at least one test file. A module that cannot be, or is not yet, is listed with its
 * reason in test/module-test-exceptions.ts.
 */
import { describe, expect, it } from "vitest";
import { MODULE_TEST_EXCEPTIONS, PENDING_DIRECTORIES, PENDING_MODULE_TESTS } from "../module-test-exceptions";
import { relativeImports, sourceFiles } from "../support/source-imports";

const modules = sourceFiles("provider", "cli").filter(
  (file) => file.endsWith(".ts") && !file.endsWith(".d.ts"),
);
const tests = sourceFiles("test/unit", "test/integration", "test/e2e").filter((file) =>
  file.endsWith(".test.ts"),
);
const listed: Readonly<Record<string, string>> = { ...MODULE_TEST_EXCEPTIONS, ...PENDING_MODULE_TESTS };
const pendingDirectoryOf = (module: string) =>
  Object.keys(PENDING_DIRECTORIES).find((directory) => module.startsWith(directory));
const excused = (module: string) => module in listed || pendingDirectoryOf(module) !== undefined;

/** The test files named after the module. */
function testsOf(module: string): string[] {
  const path = module.replace(/^provider\//, "").replace(/\.ts$/, "");
  return ["unit", "integration", "e2e"].flatMap((project) => {
    const stem = `test/${project}/${path}`;
    return tests.filter(
      (test) =>
        test === `${stem}.test.ts` ||
        (test.startsWith(`${stem}.`) && !test.slice(stem.length + 1, -8).includes("/")),
    );
  });
}

/** The modules that some test file imports directly (not through an index that re-exports them). */
const importedByTests = new Set(tests.flatMap((test) => relativeImports(test)));
const hasOwnTest = (module: string) => testsOf(module).length > 0 && importedByTests.has(module);

describe("every module of provider/ and cli/", () => {
  it("has a test named after it, or a reason in test/module-test-exceptions.ts", () => {
    const missing = modules.filter((module) => testsOf(module).length === 0 && !excused(module));
    expect(missing).toEqual([]);
  });

  it("is imported directly by a test file, or has a reason in test/module-test-exceptions.ts", () => {
    const unimported = modules.filter((module) => !importedByTests.has(module) && !excused(module));
    expect(unimported).toEqual([]);
  });

  it("is listed only while it exists and lacks a named test or a test that imports it", () => {
    const stale = Object.keys(listed).filter((module) => !modules.includes(module) || hasOwnTest(module));
    const staleDirectories = Object.keys(PENDING_DIRECTORIES).filter((directory) =>
      modules.filter((module) => module.startsWith(directory)).every(hasOwnTest),
    );
    expect([...stale, ...staleDirectories]).toEqual([]);
  });

  it("is listed once, with a reason of one line", () => {
    const twice = Object.keys(listed).filter(
      (module) =>
        (module in MODULE_TEST_EXCEPTIONS && module in PENDING_MODULE_TESTS) ||
        pendingDirectoryOf(module) !== undefined,
    );
    expect(twice).toEqual([]);
    const unexplained = Object.entries({ ...listed, ...PENDING_DIRECTORIES })
      .filter(([, reason]) => reason.trim() === "" || reason.includes("\n"))
      .map(([module]) => module);
    expect(unexplained).toEqual([]);
  });

  it("has a lasting exception for at most one module in ten", () => {
    expect(Object.keys(MODULE_TEST_EXCEPTIONS).length).toBeLessThanOrEqual(modules.length / 10);
  });
});

describe("the naming rule", () => {
  it("finds a module's own test and its aspects, not a neighbour's", () => {
    expect(testsOf("provider/model/validate-strategy.ts")).toEqual([
      "test/unit/model/validate-strategy.property.test.ts",
      "test/unit/model/validate-strategy.test.ts",
    ]);
    expect(testsOf("provider/runtime/strategy.ts")).toEqual(["test/integration/runtime/strategy.test.ts"]);
    expect(testsOf("cli/recover/settle.ts")).toEqual(["test/unit/cli/recover/settle.test.ts"]);
  });

  it("names no test file after two modules", () => {
    const claimed = modules.flatMap((module) => testsOf(module));
    expect(claimed.filter((test, i) => claimed.indexOf(test) !== i)).toEqual([]);
  });
});
