import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runProcess, tsNode } from "../../support/process";

const ROOT = resolve(__dirname, "../../..");
const PROGRAM = resolve(ROOT, "test/support/load-package-program.ts");

/** A fresh node process, as a user's program: whatever the package itself prints on stderr. */
async function run(mode: "load" | "construct") {
  // NODE_OPTIONS of the test runner must not change what a user's program would print.
  const { NODE_OPTIONS: _options, ...env } = process.env;
  return runProcess(process.execPath, tsNode(PROGRAM, mode), { cwd: ROOT, env });
}

describe("a program using the package", () => {
  it("prints no warning when it loads the main entry and the runtime", async () => {
    const result = await run("load");
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
  });

  it("prints no warning when it declares one resource of every kind (no SQLite ExperimentalWarning)", async () => {
    const result = await run("construct");
    expect(result.code).toBe(0);
    // Every kind was registered, each with its provider text, and the stack's account pin once.
    expect(result.stdout.trim().split("\n")).toHaveLength(6);
    expect(result.stdout).toContain("pulumi-nodejs:dynamic/strategy-alerts:AccountPin:string");
    expect(result.stdout).not.toContain(":undefined");
    expect(result.stderr).not.toMatch(/Warning/);
    expect(result.stderr).toBe("");
  });
});
