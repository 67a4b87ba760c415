import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importAccount } from "../../../../cli/import/import-account";
import { run } from "../../../../cli/index";
import type { RunningEmulator } from "../../../../emulator/server";
import { type ApiClient, createClient } from "../../../../provider/api/client";
import { canonicalStrategyInput, stableStringify } from "../../../../provider/model/canonical";
import type { StrategyInput } from "../../../../provider/model/strategy";
import { control, startTestEmulator } from "../../../support/emulator";
import { biomeFormat, typeCheckFiles } from "../../../support/generated-program";
import {
  type BuiltAccount,
  buildImportAccount,
  DEV_ALICE,
  DEV_BOB,
  DEV_QUIET,
  runProgram,
} from "../../../support/import-account";
import { WebhookReceiver } from "../../../support/webhook-receiver";

describe("strategy-alerts import", () => {
  let em: RunningEmulator;
  let receiver: WebhookReceiver;
  let client: ApiClient;
  let apiKey: string;
  let built: BuiltAccount;
  let files: Record<string, string>;

  beforeAll(async () => {
    em = await startTestEmulator();
    receiver = await new WebhookReceiver("echo").start();
    const user = await control(em, "POST", "/users", { plan: "PRO", limits: { requestsPerMinute: 10_000 } });
    apiKey = user.body.apiKey;
    client = createClient({ apiKey, baseUrl: em.baseUrl });
    built = await buildImportAccount(client, receiver.url);
    files = (await importAccount(client, "My portfolio")).files;
  });

  afterAll(async () => {
    await client?.close();
    await receiver?.close();
    await em?.close();
  });

  it("writes a Pulumi TypeScript project that depends on the package, Pulumi and TypeScript", () => {
    expect(Object.keys(files).sort()).toEqual([
      ".gitignore",
      "Pulumi.yaml",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
    expect(files["Pulumi.yaml"]).toMatch(/^name: my-portfolio\nruntime:|^name: my-portfolio\n/);
    expect(files["Pulumi.yaml"]).toContain("main: index.ts");
    const manifest = JSON.parse(files["package.json"]!);
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["@pulumi/pulumi", "pulumi-strategy-alerts"]);
    expect(Object.keys(manifest.devDependencies).sort()).toEqual(["@types/node", "ts-node", "typescript"]);
  });

  it("declares exactly what the account holds, each strategy adopting its own id", async () => {
    const { declared } = await runProgram(files["index.ts"]!, {
      developer: (await client.devs.tags()).tags,
      microblog: (await client.microblog.tags({})).tags,
    });
    const strategies = declared.filter((d) => d.type === "Strategy");
    expect(strategies.map((s) => s.args.adopt).sort()).toEqual([...built.strategyIds].sort());
    for (const s of strategies) {
      const stored = em.store.getStrategy(s.args.adopt as string)!;
      const expected = canonicalStrategyInput({
        name: stored.name,
        ...(stored.description ? { description: stored.description } : {}),
        triggers: stored.triggers.map((t) => t.eventType),
        ...(stored.triggerConfigs ? { triggerConfigs: stored.triggerConfigs } : {}),
        rules: stored.rules,
        isActive: false,
      } as StrategyInput);
      const { adopt: _adopt, strict, alertCooldownMins, matching, ...rest } = s.args;
      expect(stableStringify(canonicalStrategyInput({ ...rest, isActive: false } as StrategyInput))).toBe(
        stableStringify(expected),
      );
      expect(strict ?? false).toBe(stored.strict);
      expect(alertCooldownMins ?? 0).toBe(stored.alertCooldownMins);
      expect((matching ?? { enabled: false, minPercent: 0 }) as object).toEqual(stored.matching);
    }
    const activation = declared.filter((d) => d.type === "StrategyActivation");
    expect(activation).toHaveLength(1);
    expect((activation[0]!.args.strategyIds as string[]).sort()).toEqual([...built.activeIds].sort());
    expect(declared.filter((d) => d.type === "Webhook").map((d) => d.args)).toEqual([
      { url: built.webhookUrl, enabled: true, adopt: true },
    ]);
    const devs = declared.filter((d) => d.type === "FollowedDeveloper").map((d) => d.args);
    expect(devs).toEqual(
      expect.arrayContaining([
        { address: DEV_ALICE, alias: "Alice the deployer", adopt: true },
        { address: DEV_BOB, adopt: true },
        { address: DEV_QUIET, alias: "Quiet", active: false, adopt: true },
      ]),
    );
    expect(devs).toHaveLength(3);
    const tagSets = declared.filter((d) => d.type === "DeveloperTags").map((d) => d.args);
    expect(tagSets).toHaveLength(2);
    for (const t of tagSets) {
      expect(t.tagIds).toEqual([...(await client.devs.getTags(t.address as string)).tagIds].sort());
    }
  });

  it("refers to the FollowedDeveloper's address output and looks tag ids up by name", () => {
    const source = files["index.ts"]!;
    expect(source).toMatch(/developerAddress: devAliceTheDeployer\.address/);
    expect(source).toContain(`tagId(developerTags, ${JSON.stringify(built.developerTag.name)})`);
    expect(source).toContain(`tagId(microblogTags, ${JSON.stringify(built.microblogTag.name)})`);
    expect(source).toContain("address: devAliceTheDeployer.address");
    expect(source).not.toContain(built.developerTag.id);
    expect(source).not.toContain(built.microblogTag.id);
  });

  it("gives every resource a readable, unique name that is the same on every import", async () => {
    const names = [...files["index.ts"]!.matchAll(/new sa\.\w+\(\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(["momentum", "alice-s-launches", "dev-alice-the-deployer", "webhook"]),
    );
    // The two strategies named "Safety first" are told apart by their ids.
    const [first, second] = built.strategyIds;
    expect(names).toContain(`safety-first-${first!.slice(0, 8)}`);
    expect(names).toContain(`safety-first-${second === undefined ? "" : built.strategyIds[4]!.slice(0, 8)}`);
    expect((await importAccount(client, "My portfolio")).files).toEqual(files);
  });

  it("never writes the API key", () => {
    for (const content of Object.values(files)) expect(content).not.toContain(apiKey);
  });

  it("is formatted as Biome formats it", async () => {
    const res = await biomeFormat(files["index.ts"]!);
    expect(res.stderr).toBe("");
    expect(res.stdout).toBe(files["index.ts"]);
  });

  it("type-checks against the package's types", async () => {
    // With the compiler options of the tsconfig.json the import wrote beside it.
    const { compilerOptions } = JSON.parse(files["tsconfig.json"]!);
    const res = await typeCheckFiles({ "index.ts": files["index.ts"]! }, compilerOptions);
    expect(res.stdout + res.stderr).toBe("");
    expect(res.code).toBe(0);
    // tsc over the package's sources takes a while on a busy machine.
  }, 120_000);

  it("writes the project from the command line, and refuses to overwrite it without --force", async () => {
    const dir = await mkdtemp(join(tmpdir(), "psa-import-cli-"));
    const env = { ...process.env };
    process.env.STRATEGY_ALERTS_API_KEY = apiKey;
    process.env.STRATEGY_ALERTS_BASE_URL = em.baseUrl;
    const stdout = process.stdout.write;
    const stderr = process.stderr.write;
    let printed = "";
    process.stdout.write = ((chunk: string) => {
      printed += chunk;
      return true;
    }) as typeof process.stdout.write;
    process.stderr.write = process.stdout.write;
    try {
      expect(await run(["import", "--out", dir, "--name", "My portfolio"])).toBe(0);
      expect((await readdir(dir)).sort()).toEqual(Object.keys(files).sort());
      expect(await readFile(join(dir, "index.ts"), "utf8")).toBe(files["index.ts"]);
      expect(printed).toContain("5 strategies, 3 of them active");
      printed = "";
      expect(await run(["import", "--out", dir])).toBe(2);
      expect(printed).toMatch(/already holds .*index\.ts.*--force/);
      expect(await run(["import", "--out", dir, "--force", "--name", "My portfolio"])).toBe(0);
      printed = "";
      expect(await run(["import"])).toBe(2);
      expect(printed).toContain("--out <dir> is required");
      expect(printed).not.toContain(apiKey);
    } finally {
      process.stdout.write = stdout;
      process.stderr.write = stderr;
      process.env = env;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
