/**
 * `strategy-alerts import` as a user runs it, against the emulator: the output formats, the
 * combinations of options that make no sense, the hints, hostile account data and secrets.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { run } from "../../../../cli/index";
import type { RunningEmulator } from "../../../../emulator/server";
import { type ApiClient, createClient } from "../../../../provider/api/client";
import { temporaryStrategyName } from "../../../../provider/model/temporary-strategies";
import { validateStrategyInput } from "../../../../provider/model/validate-strategy";
import { ACTIVATION_IMPORT_ID } from "../../../../provider/runtime/strategy-activation";
import { WEBHOOK_ID } from "../../../../provider/runtime/webhook";
import { control, startTestEmulator } from "../../../support/emulator";
import { runProgram } from "../../../support/import-account";

const WEBHOOK_TOKEN = "XXXXwebhookTOKENXXXX";
const WEBHOOK_URL = `https://hooks.example.com/services/T000/B000/${WEBHOOK_TOKEN}`;
const HOSTILE_NAME = "evil\u001b[2K\u001b[1A forged";
/** Names the service stores and a program may not declare (issue 37): a separator, invisibles, nothing visible. */
const UNDECLARABLE_NAMES = [
  "Line\u2028separator",
  "Safety\u200bfirst",
  "\ufeffMomentum",
  "Tag\u{e0041}",
  "\u2060\u2060",
  "\u3164",
];

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with its output captured and only these environment variables set. */
async function cli(args: string[], env: Record<string, string | undefined>): Promise<Ran> {
  const saved = { env: process.env, out: process.stdout.write, err: process.stderr.write };
  let stdout = "";
  let stderr = "";
  process.env = {
    ...saved.env,
    STRATEGY_ALERTS_API_KEY: undefined,
    STRATEGY_ALERTS_BASE_URL: undefined,
    ...env,
  };
  for (const [k, v] of Object.entries(process.env)) if (v === undefined) delete process.env[k];
  process.stdout.write = ((chunk: string) => {
    stdout += chunk;
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => {
    stderr += chunk;
    return true;
  }) as typeof process.stderr.write;
  try {
    return { code: await run(["import", ...args]), stdout, stderr };
  } finally {
    process.env = saved.env;
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
  }
}

describe("strategy-alerts import (command)", () => {
  let em: RunningEmulator;
  let client: ApiClient;
  let env: Record<string, string>;
  let work: string;
  const ids: { plain: string; hostile: string; temporary: string } = {
    plain: "",
    hostile: "",
    temporary: "",
  };

  beforeAll(async () => {
    em = await startTestEmulator();
    const user = await control(em, "POST", "/users", { plan: "PRO", limits: { requestsPerMinute: 10_000 } });
    env = { STRATEGY_ALERTS_API_KEY: user.body.apiKey, STRATEGY_ALERTS_BASE_URL: em.baseUrl };
    client = createClient({ apiKey: user.body.apiKey, baseUrl: em.baseUrl });
    const body = {
      triggers: ["new_token_created"],
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
      isActive: false,
    };
    ids.plain = (
      await client.strategies.create({ ...body, name: "Safety first", isActive: true } as never)
    ).id;
    ids.hostile = (await client.strategies.create({ ...body, name: HOSTILE_NAME } as never)).id;
    ids.temporary = (
      await client.strategies.create({
        ...body,
        name: temporaryStrategyName("review", "1a2b3c", "Safety first"),
        isActive: true,
      } as never)
    ).id;
    await client.strategies.create({
      ...body,
      name: temporaryStrategyName("doctor", "ff", HOSTILE_NAME),
    } as never);
    await client.webhook.put({ enabled: false, url: WEBHOOK_URL });
    work = await mkdtemp(join(tmpdir(), "psa-import-cmd-"));
  });

  afterAll(async () => {
    await client?.close();
    await em?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("writes the TypeScript program: the webhook URL as a secret to set, temporary strategies skipped, nothing raw", async () => {
    const dir = join(work, "ts");
    const res = await cli(["--out", dir], env);
    expect(res.stderr).not.toMatch(/error/i);
    expect(res.code).toBe(0);
    const files = await readdir(dir);
    const written = (await Promise.all(files.map((f) => readFile(join(dir, f), "utf8")))).join("\n");
    for (const text of [res.stdout, res.stderr, written]) {
      expect(text).not.toContain(WEBHOOK_TOKEN);
      expect(text).not.toContain("\u001b");
    }
    expect(res.stdout).toContain("webhook: https://hooks.example.com/services/***/***/***");
    expect(res.stdout).toContain("pulumi config set --secret webhookUrl");
    expect(res.stdout).toContain("2 strategies, 1 of them active");
    // Account text on the terminal is escaped (the hostile temporary strategy's name in a warning).
    expect(res.stderr).toContain("evil\\u001b[2K\\u001b[1A forged");
    const index = await readFile(join(dir, "index.ts"), "utf8");
    expect(index).toContain(ids.plain);
    expect(index).toContain(ids.hostile);
    // A name a program may not declare is declared as its plain text, with a comment saying why.
    expect(index).toContain('name: "evil[2K[1A forged"');
    expect(index).toContain(
      "// In the account, name contains the control character \\u001b at position 5: names and descriptions are plain text;",
    );
    expect(res.stderr).toContain(
      `(${ids.hostile}): name contains the control character \\u001b at position 5`,
    );
    expect(index).not.toContain(ids.temporary);
    expect(res.stderr).toMatch(
      /warning: skipped strategy "\[review-tmp 1a2b3c\] Safety first" .*strategy-alerts review/,
    );
  });

  it("writes no program whose preview would refuse a name: each is declared as plain text, said on stderr with its id", async () => {
    const user = await control(em, "POST", "/users", { plan: "PRO", limits: { requestsPerMinute: 10_000 } });
    const own = { STRATEGY_ALERTS_API_KEY: user.body.apiKey, STRATEGY_ALERTS_BASE_URL: em.baseUrl };
    const owner = createClient({ apiKey: user.body.apiKey, baseUrl: em.baseUrl });
    const created = new Map<string, string>();
    for (const name of UNDECLARABLE_NAMES) {
      const body = {
        name,
        triggers: ["new_token_created"],
        rules: [{ rule: "is_honeypot", dealbreaker: true }],
      };
      created.set((await owner.strategies.create({ ...body, isActive: false } as never)).id, name);
    }
    await owner.close();
    const ts = await cli(["--out", join(work, "undeclarable-ts")], own);
    const yaml = await cli(["--out", join(work, "undeclarable-yaml"), "--language", "yaml"], own);
    for (const res of [ts, yaml]) {
      expect(res.code).toBe(0);
      for (const id of created.keys())
        expect(res.stderr).toMatch(new RegExp(`warning: strategy .*\\(${id}\\): name `));
    }
    const index = await readFile(join(work, "undeclarable-ts", "index.ts"), "utf8");
    const doc = parse(await readFile(join(work, "undeclarable-yaml", "Pulumi.yaml"), "utf8"));
    const { declared } = await runProgram(index, { developer: [], microblog: [] });
    const fromTs = declared.filter((d) => d.type === "Strategy").map((d) => d.args);
    const fromYaml = Object.values(
      doc.resources as Record<string, { type: string; properties: Record<string, unknown> }>,
    )
      .filter((r) => r.type === "strategy-alerts:index:Strategy")
      .map((r) => r.properties);
    for (const args of [...fromTs, ...fromYaml]) {
      const { adopt, ...fields } = args;
      expect(created.has(adopt as string)).toBe(true);
      // What the preview's check of the fields would say (activation is the StrategyActivation's): nothing.
      const checked = validateStrategyInput({ ...fields, isActive: false }, "create");
      expect(checked.ok ? [] : checked.issues).toEqual([]);
    }
    expect(Object.fromEntries(fromTs.map((a) => [created.get(a.adopt as string), a.name]))).toEqual({
      "Line\u2028separator": "Line separator",
      "Safety\u200bfirst": "Safetyfirst",
      "\ufeffMomentum": "Momentum",
      "Tag\u{e0041}": "Tag",
      "\u2060\u2060": `Strategy ${[...created].find(([, n]) => n === "\u2060\u2060")![0]}`,
      "\u3164": `Strategy ${[...created].find(([, n]) => n === "\u3164")![0]}`,
    });
    expect(index).toContain("the first `pulumi up` renames the strategy");
  });

  it("writes a Pulumi YAML program with --language yaml", async () => {
    const dir = join(work, "yaml");
    const res = await cli(["--out", dir, "--language", "yaml", "--name", "My portfolio"], env);
    expect(res.code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual([".gitignore", "Pulumi.yaml", "package.json"]);
    const text = await readFile(join(dir, "Pulumi.yaml"), "utf8");
    expect(text).not.toContain(WEBHOOK_TOKEN);
    const doc = parse(text);
    expect(doc.name).toBe("my-portfolio");
    expect(doc.runtime).toBe("yaml");
    expect(doc.config).toEqual({ webhookUrl: { type: "string", secret: true } });
    const strategies = Object.values(
      doc.resources as Record<string, { type: string; properties: { adopt: string } }>,
    )
      .filter((r) => r.type === "strategy-alerts:index:Strategy")
      .map((r) => r.properties.adopt);
    expect(strategies.sort()).toEqual([ids.plain, ids.hostile].sort());
    const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
    expect(Object.keys(manifest.dependencies)).toEqual(["pulumi-strategy-alerts"]);
  });

  it("writes a pulumi import --file document with --format pulumi-import", async () => {
    const file = join(work, "docs", "import.json");
    const res = await cli(["--format", "pulumi-import", "--out", file], env);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`pulumi import --file ${file}`);
    const doc = JSON.parse(await readFile(file, "utf8"));
    const byType = (t: string) =>
      doc.resources.filter((r: { type: string }) => r.type === `strategy-alerts:index:${t}`);
    expect(
      byType("Strategy")
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([ids.plain, ids.hostile].sort());
    expect(byType("Webhook")).toEqual([
      { type: "strategy-alerts:index:Webhook", name: "webhook", id: WEBHOOK_ID },
    ]);
    expect(byType("StrategyActivation")).toEqual([
      {
        type: "strategy-alerts:index:StrategyActivation",
        name: "active-strategies",
        id: ACTIVATION_IMPORT_ID,
      },
    ]);
    expect(await cli(["--format", "pulumi-import", "--out", file], env)).toMatchObject({ code: 2 });
  });

  it("refuses combinations that make no sense, as usage errors", async () => {
    for (const args of [
      ["--format", "pulumi-import", "--language", "yaml", "--out", join(work, "x.json")],
      ["--format", "pulumi-import", "--name", "p", "--out", join(work, "x.json")],
      ["--format", "terraform", "--out", join(work, "x")],
      ["--language", "rust", "--out", join(work, "x")],
      ["--language", "go", "--plugin", "npm", "--out", join(work, "x")],
      ["--language", "yaml", "--plugin", "path", "--out", join(work, "x")],
    ]) {
      const res = await cli(args, env);
      expect(res.code, args.join(" ")).toBe(2);
      expect(res.stderr).toMatch(/--format|--language|--name|--plugin/);
    }
  });

  it("names the environment variables when no key is set, not stack config", async () => {
    const res = await cli(["--out", join(work, "nokey")], { STRATEGY_ALERTS_BASE_URL: em.baseUrl });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("STRATEGY_ALERTS_API_KEY");
    expect(res.stderr).not.toContain("pulumi config");
    const noUrl = await cli(["--out", join(work, "nokey")], {
      STRATEGY_ALERTS_API_KEY: env.STRATEGY_ALERTS_API_KEY,
    });
    expect(noUrl.stderr).toContain("STRATEGY_ALERTS_BASE_URL");
  });

  it("fails at once with a clear message for an --out it cannot write", async () => {
    const res = await cli(["--out", "/proc/strategy-alerts"], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("cannot write to /proc/strategy-alerts");
    const file = await cli(["--format", "pulumi-import", "--out", work], env);
    expect(file.code).toBe(1);
    expect(file.stderr).toContain("it is a directory, not a file");
  });
});
