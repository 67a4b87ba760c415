import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { traceOperation } from "../../../provider/runtime/trace";

const ENV = "STRATEGY_ALERTS_TRACE_FILE";
const saved = process.env[ENV];
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "trace-"));
});
afterEach(async () => {
  if (saved === undefined) delete process.env[ENV];
  else process.env[ENV] = saved;
  await rm(dir, { recursive: true, force: true });
});

describe("traceOperation", () => {
  it("appends one JSON line per operation, its type the label's first word, no names or ids", async () => {
    const file = join(dir, "trace.jsonl");
    process.env[ENV] = file;
    traceOperation('Strategy "Safety first"', "create", performance.now() - 5, true);
    traceOperation("Webhook", "update", performance.now(), false);
    const lines = (await readFile(file, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toMatchObject([
      { type: "Strategy", operation: "create", ok: true },
      { type: "Webhook", operation: "update", ok: false },
    ]);
    expect(lines[0].ms).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(lines)).not.toContain("Safety");
  });

  it("writes nothing when unset, and never fails an operation when it cannot write", () => {
    delete process.env[ENV];
    expect(() => traceOperation("Strategy", "create", performance.now(), true)).not.toThrow();
    process.env[ENV] = join(dir, "missing", "trace.jsonl");
    expect(() => traceOperation("Strategy", "create", performance.now(), true)).not.toThrow();
  });
});
