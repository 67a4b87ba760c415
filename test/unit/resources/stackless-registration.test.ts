import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { registeringWithoutStacks } from "../../../provider/resources/stackless-registration";

// Error.stackTraceLimit and the environment are the worker's: each test puts them back.
let limit: number;
let leaks: string | undefined;
beforeEach(() => {
  limit = Error.stackTraceLimit;
  leaks = process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  Error.stackTraceLimit = 25;
});
afterEach(() => {
  Error.stackTraceLimit = limit;
  if (leaks === undefined) delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  else process.env.PULUMI_DEBUG_PROMISE_LEAKS = leaks;
});

describe("registeringWithoutStacks", () => {
  it("lets V8 capture no frames until the limit is put back", () => {
    const restore = registeringWithoutStacks();
    expect(Error.stackTraceLimit).toBe(0);
    expect(new Error("while registering").stack?.split("\n")).toHaveLength(1);
    restore();
    expect(Error.stackTraceLimit).toBe(25);
    expect(new Error("afterwards").stack?.split("\n").length).toBeGreaterThan(1);
  });

  it("puts back the program's own limit, whatever it was", () => {
    Error.stackTraceLimit = 7;
    const restore = registeringWithoutStacks();
    expect(Error.stackTraceLimit).toBe(0);
    restore();
    expect(Error.stackTraceLimit).toBe(7);
  });

  it("keeps every frame for someone chasing leaked promises (PULUMI_DEBUG_PROMISE_LEAKS)", () => {
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "true";
    const restore = registeringWithoutStacks();
    expect(Error.stackTraceLimit).toBe(25);
    Error.stackTraceLimit = 30;
    restore();
    expect(Error.stackTraceLimit).toBe(30);
  });
});
