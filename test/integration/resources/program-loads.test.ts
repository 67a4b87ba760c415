import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runProcess, tsNode } from "../../support/process";

const ROOT = resolve(__dirname, "../../..");
const PROGRAM = resolve(ROOT, "test/support/program-loads-program.ts");

interface Report {
  declaring: string[];
  validationOk: boolean;
  clientIsApiClient: boolean;
  reviewError: string;
  afterwards: string[];
}

/**
 * Every up, preview and change runs the program: what it loads from the package is paid each
 * time. A program that declares resources needs their classes, the kinds' descriptors and the
 * shell, not the client, the review or zod (the runtime loads those in the provider process).
 */
describe("a program that declares resources", () => {
  let report: Report;
  beforeAll(async () => {
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const result = await runProcess(process.execPath, tsNode(PROGRAM), { cwd: ROOT, env });
    expect(result.code, result.stderr).toBe(0);
    report = JSON.parse(result.stdout.trim().split("\n").pop() ?? "") as Report;
    // ts-node compiles the program first: tens of seconds on a busy CI machine.
  }, 120_000);

  it("loads neither zod, undici, the client, the lookups nor the review", () => {
    expect(report.declaring.some((f) => f.includes("provider/resources/strategy"))).toBe(true);
    expect(report.declaring.filter((f) => /node_modules\/(zod|undici)\//.test(f))).toEqual([]);
    expect(
      report.declaring.filter((f) =>
        /provider\/(api\/(transport|client-parts)|functions\/|review\/)/.test(f),
      ),
    ).toEqual([]);
  });

  it("loads what the validator, the client and the review need on their first call, and they work", () => {
    expect(report.validationOk).toBe(false);
    expect(report.clientIsApiClient).toBe(true);
    expect(report.reviewError).toBe("PreviewParseError");
    expect(report.afterwards.some((f) => f.includes("node_modules/zod/"))).toBe(true);
    expect(report.afterwards.some((f) => f.includes("provider/api/transport"))).toBe(true);
  });
});
