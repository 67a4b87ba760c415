import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runProcess, tsNode } from "../../support/process";

const ROOT = resolve(__dirname, "../../..");
const PROGRAM = resolve(ROOT, "test/support/registration-stacks-program.ts");

interface Report {
  stacks: number;
  withFrames: number;
  limitAfter: number;
  limitAfterThrow: number;
  thrown: string;
}

async function declare(env: Record<string, string> = {}): Promise<Report> {
  const { NODE_OPTIONS: _options, PULUMI_DEBUG_PROMISE_LEAKS: _leaks, ...base } = process.env;
  const result = await runProcess(process.execPath, tsNode(PROGRAM), { cwd: ROOT, env: { ...base, ...env } });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split("\n").pop() ?? "") as Report;
}

describe("declaring a resource in a program", () => {
  let report: Report;
  // Each declare() starts a program that ts-node compiles first: tens of seconds on a busy machine.
  beforeAll(async () => {
    report = await declare();
  }, 120_000);

  it("formats one stack with frames, the SDK's source position, not one per property promise", () => {
    // The SDK still asks for a stack per promise it makes (four per property): they come empty.
    expect(report.stacks).toBeGreaterThan(40);
    expect(report.withFrames).toBe(1);
  });

  it("puts the program's stack-trace limit back, also when the constructor throws", () => {
    expect(report.limitAfter).toBe(25);
    expect(report.thrown).toMatch(/name/i);
    expect(report.limitAfterThrow).toBe(25);
  });

  it("keeps every frame for someone chasing leaked promises (PULUMI_DEBUG_PROMISE_LEAKS)", async () => {
    const debugging = await declare({ PULUMI_DEBUG_PROMISE_LEAKS: "true" });
    expect(debugging.withFrames).toBe(debugging.stacks);
  }, 120_000);
});
