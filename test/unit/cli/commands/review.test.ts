import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reviewCommand } from "../../../../cli/commands/review";
import { runCliInProcess as run } from "../../../support/cli";
import { digest } from "../../../support/preview-fixtures";

/** The command is a thin shell: arguments, input, credentials, exit codes. */
describe("strategy-alerts review (command)", () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "psa-review-cmd-"));
    file = join(dir, "preview.json");
    await writeFile(
      file,
      digest([
        {
          op: "update",
          kind: "Strategy",
          name: "safety",
          id: "11111111-1111-4111-8111-111111111111",
          old: {
            name: "Safety first",
            triggers: ["new_token_created"],
            rules: [{ rule: "liquidity_usd", dealbreaker: false, min: 5000 }],
          },
          new: {
            name: "Safety first",
            triggers: ["new_token_created"],
            rules: [{ rule: "liquidity_usd", dealbreaker: false, min: 10000 }],
          },
        },
      ]),
    );
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    vi.stubEnv("STRATEGY_ALERTS_API_KEY", "");
    vi.stubEnv("STRATEGY_ALERTS_BASE_URL", "");
  });

  it("writes the report of a preview file to standard output without credentials", async () => {
    const { code, stdout, stderr } = await run(["review", file]);
    expect(code).toBe(0);
    expect(stdout).toContain("`liquidity_usd`: min 5,000 → 10,000 (tighter)");
    expect(stderr).toContain("plan headroom and names of unchanged strategies are left out");
  });

  it("also writes the report as an HTML page with --html, and refuses an empty file name or a directory it cannot write", async () => {
    const page = join(dir, "review.html");
    const { code, stdout, stderr } = await run(["review", file, "--html", page]);
    expect(code).toBe(0);
    expect(stderr).toContain(`wrote the HTML report to ${page}`);
    const html = await readFile(page, "utf8");
    expect(html).toContain("<code>liquidity_usd</code>: min 5,000 → 10,000 (tighter)");
    expect(stdout).toContain("`liquidity_usd`: min 5,000 → 10,000 (tighter)");
    const empty = await run(["review", file, "--html", ""]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("--html needs a file name");
    const unwritable = await run(["review", file, "--html", join(dir, "missing", "review.html")]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toContain("cannot write the HTML report");
    expect(unwritable.stdout).toBe("");
  });

  it("adds the policy violations of an engine event log given with --events", async () => {
    const log = join(dir, "events.jsonl");
    const event = {
      sequence: 7,
      timestamp: 1795666391,
      policyEvent: {
        resourceUrn: "urn:pulumi:dev::portfolio::pulumi-nodejs:dynamic/strategy-alerts:Strategy::safety",
        message: "liquidity_usd min must be at least 10,000",
        color: "never",
        policyName: "minimum-liquidity",
        policyPackName: "guardrails",
        policyPackVersion: "1.0.0",
        policyPackVersionTag: "1.0.0",
        enforcementLevel: "mandatory",
      },
    };
    await writeFile(
      log,
      `${JSON.stringify({ sequence: 0, preludeEvent: { config: {} } })}\n${JSON.stringify(event)}\n`,
    );
    const { code, stdout } = await run(["review", file, "--events", log]);
    expect(code).toBe(0);
    expect(stdout).toContain(
      "**mandatory** `guardrails/minimum-liquidity` on `safety`: liquidity_usd min must be at least 10,000",
    );
  });

  it("is listed in the command overview and has its own help", async () => {
    const overview = await run(["--help"]);
    expect(overview.code).toBe(0);
    expect(overview.stdout).toMatch(/review\s+turn `pulumi preview --json` into a pull-request report/);
    const help = await run(["review", "--help"]);
    expect(help.code).toBe(0);
    for (const option of ["--backtest", "--window-days", "--until", "--threshold", "--events", "--drift"])
      expect(help.stdout).toContain(option);
    expect(help.stdout).toBe(`${reviewCommand.help}\n`);
  });

  it("rejects bad option values naming the option (exit 2)", async () => {
    const rejected = async (args: string[], message: string) => {
      const { code, stderr } = await run(["review", file, ...args]);
      expect(code).toBe(2);
      expect(stderr).toContain(message);
    };
    await rejected(["--window-days", "0"], '--window-days must be a positive whole number, got "0"');
    await rejected(["--threshold", "x"], '--threshold must be a positive number, got "x"');
    await rejected(
      ["--until", "tomorrow"],
      '--until must be a day of the calendar YYYY-MM-DD, got "tomorrow"',
    );
    for (const day of ["2030-02-31", "2030-13-01", "2029-02-29", "2030-00-10"]) {
      await rejected(["--until", day], `got "${day}"`);
    }
    expect((await run(["review", file, file])).code).toBe(2);
  });

  it("needs credentials for --backtest and says which (exit 2)", async () => {
    const { code, stderr } = await run(["review", file, "--backtest"]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      "--backtest needs the STRATEGY_ALERTS_API_KEY and STRATEGY_ALERTS_BASE_URL environment variables",
    );
  });

  it("fails with the file name when the preview cannot be read or parsed (exit 1)", async () => {
    const missing = await run(["review", join(dir, "missing.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("cannot read the preview JSON");
    const bad = join(dir, "bad.json");
    await writeFile(bad, "not json at all");
    const notJson = await run(["review", bad]);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain("expected the output of `pulumi preview --json`");
    expect(notJson.stderr).toContain("found text that is not JSON");
  });

  it.each([
    ["an empty object", "{}", "found an empty JSON object"],
    [
      "an error document",
      '{"error":"stack not found"}',
      'found an error document instead ("stack not found")',
    ],
    [
      "a stack export",
      '{"version":3,"deployment":{"resources":[]}}',
      "found a `pulumi stack export` document",
    ],
    [
      "a stream cut before its summary",
      '{"sequence":0,"timestamp":1,"preludeEvent":{"config":{}}}\n',
      "without a summaryEvent",
    ],
    ["a truncated digest", '{"steps":[{"op":"update","urn":"u"', "ends before it is complete"],
    ["deep nesting", `${"[".repeat(5000)}${"]".repeat(5000)}`, "nested more than 64 levels deep"],
  ])(
    "fails on %s with what was expected and what was found (exit 1), writing no report",
    async (_, body, found) => {
      const bad = join(dir, "not-a-preview.json");
      await writeFile(bad, body);
      const { code, stdout, stderr } = await run(["review", bad]);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toContain("expected the output of `pulumi preview --json`");
      expect(stderr).toContain(found);
    },
  );

  it("names a UTF-16 file as such (exit 1)", async () => {
    const utf16 = join(dir, "utf16.json");
    const text = await readFile(file, "utf8");
    await writeFile(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    const withBom = await run(["review", utf16]);
    expect(withBom.code).toBe(1);
    expect(withBom.stderr).toContain("found UTF-16 text");
    await writeFile(utf16, Buffer.from(text, "utf16le"));
    const withoutBom = await run(["review", utf16]);
    expect(withoutBom.code).toBe(1);
    expect(withoutBom.stderr).toContain("found UTF-16 or binary data");
  });

  it("reads a UTF-8 file with a byte order mark", async () => {
    const bom = join(dir, "bom.json");
    await writeFile(bom, `\uFEFF${await readFile(file, "utf8")}`);
    const { code, stdout } = await run(["review", bom]);
    expect(code).toBe(0);
    expect(stdout).toContain("`liquidity_usd`: min 5,000 → 10,000 (tighter)");
  });
});
