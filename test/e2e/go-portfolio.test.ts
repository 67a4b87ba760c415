import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { version } from "../../package.json";
import { pulumiEnv } from "../../scripts/pulumi-env";
import {
  TestEmulator as Emulator,
  type JournalEntry,
  stackConfig,
  type TestEmulator,
} from "./emulator-fixture";
import { GO_ENV, GO_PROJECT, goPortfolioDir, pathWithPulumiAndGo, readmeBuild } from "./go-portfolio-fixture";
import { type CommandResult, PulumiProject, REPO_ROOT, runProcess } from "./harness";
import { builtReleaseTarball, nameOf, previewDocument } from "./yaml-portfolio-fixture";

/**
 * examples/go-portfolio, the portfolio in Go on the generated Go SDK, built once as its README says
 * and run by our Go language host as the binary Pulumi.yaml names, with the release binary
 * installed the Pulumi way, on a PATH with `pulumi` and `go` and no Node.js: preview, up, a rules
 * change, refresh, destroy, and a detailed diff.
 */

const WRITE = (e: JournalEntry) => e.method !== "GET";
const planned = (r: CommandResult) =>
  Object.fromEntries(Object.entries(r.changes).filter(([op]) => op !== "same")) as Record<string, number>;
const STRATEGY = "::strategy-alerts:index:Strategy::";

describe("the Go language host's own tests", () => {
  it("pass (go test in the toolchain module)", async () => {
    const res = await runProcess("go", ["test", "-count=1", "./cmd/pulumi-language-go"], {
      cwd: join(REPO_ROOT, "scripts/pulumi-toolchain"),
      env: { ...process.env, GOFLAGS: "-mod=mod" },
    });
    expect(res.code, `${res.stdout}\n${res.stderr}`).toBe(0);
  });
});

/** Every file under dir, by relative path, except go.mod and go.sum (`go mod tidy` writes those). */
async function sdkFiles(dir: string, under = ""): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, await sdkFiles(dir, rel));
    else if (rel !== "go.mod" && rel !== "go.sum") out[rel] = await readFile(join(dir, rel), "utf8");
  }
  return out;
}

describe.runIf(inject("pulumiBinDir"))("pulumi package gen-sdk --language go", () => {
  it("writes the repository's Go SDK through the Go language host", async () => {
    const out = await mkdtemp(join(tmpdir(), "psa-gen-sdk-go-"));
    try {
      const env = pulumiEnv({
        pulumiBinDir: inject("pulumiBinDir") as string,
        home: join(out, ".pulumi-home"),
        stateDir: out,
      });
      const res = await runProcess(
        "pulumi",
        [
          "package",
          "gen-sdk",
          join(REPO_ROOT, "provider/plugin/schema.json"),
          "--language",
          "go",
          "--version",
          version,
          "--out",
          join(out, "sdk"),
        ],
        { cwd: out, env },
      );
      expect(res.code, res.stderr).toBe(0);
      expect(await sdkFiles(join(out, "sdk/go"))).toEqual(await sdkFiles(join(REPO_ROOT, "sdk/go")));
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});

describe.runIf(inject("pulumiBinDir"))("the Go portfolio with the release binary", () => {
  let emulator: TestEmulator;
  let path: string;
  let p: PulumiProject;
  let user: Awaited<ReturnType<TestEmulator["user"]>>;
  const dirs: string[] = [];

  beforeAll(async () => {
    emulator = await Emulator.start();
    path = await pathWithPulumiAndGo(inject("pulumiBinDir") as string);
    dirs.push(path);
    user = await emulator.user("DEGEN");
    const dir = await goPortfolioDir();
    dirs.push(dir);
    p = await PulumiProject.open(dir, {
      config: {
        ...stackConfig(emulator, user.apiKey),
        [`${GO_PROJECT}:webhookUrl`]: { value: "http://127.0.0.1:9/alerts" },
        [`${GO_PROJECT}:requireVerified`]: { value: "false" },
        // The 1h window of the momentum strategy's volume_24h rule.
        [`${GO_PROJECT}:momentumVolume1h`]: { value: "12500" },
      },
      env: { PATH: path, ...GO_ENV },
    });
    // Built once by the README's step (goPortfolioDir): every command below runs this binary.
    const build = await readmeBuild();
    expect(build.args).toEqual(["build", "-o", build.binary, "."]);
    expect(existsSync(join(dir, build.binary))).toBe(true);
    const install = await p.run([
      "plugin",
      "install",
      "resource",
      "strategy-alerts",
      version,
      "--file",
      builtReleaseTarball(),
    ]);
    expect(install.code, install.stderr).toBe(0);
  });
  afterAll(async () => {
    await p?.cleanup();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    await emulator?.close();
  });

  it("runs on a PATH with pulumi and go and no node", async () => {
    expect((await readdir(path)).sort()).toEqual(["go", "pulumi"]);
    expect(existsSync(join(p.dir, "package.json"))).toBe(false);
  });

  // Each engine command runs the binary built above (Pulumi.yaml's runtime.options.binary).
  it("previews and applies the five kinds, the volume window included", { timeout: 600_000 }, async () => {
    const preview = await p.preview();
    expect(preview.changes.create).toBe(8); // the stack and the seven resources
    expect((await emulator.journal(user.userId)).filter(WRITE)).toEqual([]);

    const up = await p.up();
    expect(up.changes.create).toBe(8);
    const strategies = (await user.client.strategies.list()).strategies;
    expect(strategies.map((s) => s.name).sort()).toEqual([
      "Momentum",
      "Safety first",
      "Trusted developer launches",
    ]);
    expect(strategies.every((s) => s.isActive)).toBe(true);
    // The service stores an object rule's config as the JSON text of its value.
    const momentum = strategies.find((s) => s.name === "Momentum");
    const volume = momentum?.ruleGroups.flatMap((g) => g.rules).find((r) => r.ruleType === "volume_24h");
    expect(JSON.parse(String(volume?.value))).toEqual({ windows: { "5m": 2000, "1h": 12500 } });
    const outputs = await p.outputs();
    expect(Object.keys(outputs.strategyIds as object).sort()).toEqual([
      "devLaunches",
      "momentum",
      "safetyFirst",
    ]);
    const secret = outputs.webhookSecret as string;
    expect(secret.length).toBeGreaterThan(8);
    const state = await p.exportState();
    for (const hidden of [secret, user.apiKey]) expect(state).not.toContain(hidden);
    expect(planned(await p.preview())).toEqual({});
  });

  it("applies a rules change with exactly one PATCH, then previews no change", {
    timeout: 600_000,
  }, async () => {
    // A rules change: the trusted developer strategy's liquidity floor.
    await p.setConfig(`${GO_PROJECT}:devMinLiquidity`, "1500");
    await emulator.clearJournal();
    const changed = await p.up();
    expect(planned(changed)).toEqual({ update: 1 });
    const writes = (await emulator.journal(user.userId)).filter(WRITE);
    expect(writes.map((w) => w.method)).toEqual(["PATCH"]);
    await p.run(["preview", "--expect-no-changes", "--non-interactive", "--stack", p.stack]);
  });

  it("names the user's rule index in the detailed diff", { timeout: 600_000 }, async () => {
    // The detailed diff names the rule by its index in the program's own list.
    await p.setConfig(`${GO_PROJECT}:devMinLiquidity`, "2000");
    const diff = await previewDocument(p);
    expect(diff.code, diff.stderr).toBe(0);
    const steps = diff.steps.filter((s) => s.op !== "same" && s.urn.includes(STRATEGY));
    expect(steps.map((s) => [s.op, nameOf(s.urn), Object.keys(s.detailedDiff ?? {})])).toEqual([
      ["update", "dev-launches", ["rules[1].min"]],
    ]);
    await p.setConfig(`${GO_PROJECT}:devMinLiquidity`, "1500");
  });

  it("refreshes with no change and destroys everything", { timeout: 600_000 }, async () => {
    const refresh = await p.refresh();
    expect(planned(refresh)).toEqual({});
    const destroy = await p.destroy();
    expect(destroy.changes.delete).toBe(8);
    expect((await user.client.strategies.list()).strategies).toEqual([]);
  });
});
