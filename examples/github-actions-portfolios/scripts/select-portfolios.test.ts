import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  type DirEntry,
  listPortfolios,
  type Portfolio,
  PortfolioSelectionError,
  parseDiff,
  secretName,
  selectPortfolios,
  summary,
} from "./select-portfolios.mjs";

const EXAMPLE = join(__dirname, "..");
const REPO_ROOT = join(EXAMPLE, "../..");

/** The example's own tree, read as the workflow's checkout reads it. */
function exampleTree(path: string): DirEntry[] {
  const full = join(EXAMPLE, path);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).map((e) => ({
    name: e.name,
    isDirectory: e.isDirectory(),
  }));
}

/** A tree given as folder → file names. */
function tree(folders: Record<string, string[]>): (path: string) => DirEntry[] {
  return (path) => {
    if (path === "portfolios") return Object.keys(folders).map((name) => ({ name, isDirectory: true }));
    const files = folders[path.replace(/^portfolios\//, "")] ?? [];
    return files.map((name) => ({ name, isDirectory: false }));
  };
}

/**
 * What `git diff --name-only --no-renames -z` prints for a pull request that edits the momentum
 * desk's program, adds a README line, renames the safety desk to risk-desk and removes an old
 * portfolio, as the workflow's checkout after that change would hold it.
 */
const SAMPLE_DIFF = [
  "README.md",
  "portfolios/README.md",
  "portfolios/momentum-desk/Pulumi.yaml",
  "portfolios/old-desk/Pulumi.yaml",
  "portfolios/old-desk/Pulumi.prod.yaml",
  "portfolios/risk-desk/Pulumi.prod.yaml",
  "portfolios/risk-desk/Pulumi.yaml",
  "portfolios/risk-desk/index.ts",
  "portfolios/safety-desk/Pulumi.prod.yaml",
  "portfolios/safety-desk/Pulumi.yaml",
  "portfolios/safety-desk/index.ts",
  "",
].join("\0");
const AFTER_SAMPLE = tree({
  "momentum-desk": ["Pulumi.yaml", "Pulumi.prod.yaml"],
  "risk-desk": ["Pulumi.yaml", "Pulumi.prod.yaml", "index.ts"],
  "quiet-desk": ["Pulumi.yaml", "Pulumi.staging.yaml"],
});

const names = (portfolios: Portfolio[]) => portfolios.map((p) => p.name);

describe("the example's portfolios", () => {
  it("are one folder each, with the stack named by its one stack file and its own secret", () => {
    expect(listPortfolios(exampleTree)).toEqual([
      {
        name: "momentum-desk",
        dir: "portfolios/momentum-desk",
        stack: "prod",
        secret: "STRATEGY_ALERTS_API_KEY_MOMENTUM_DESK",
      },
      {
        name: "safety-desk",
        dir: "portfolios/safety-desk",
        stack: "prod",
        secret: "STRATEGY_ALERTS_API_KEY_SAFETY_DESK",
      },
    ]);
  });

  it("are all selected by a change to the workflow or the lockfile", () => {
    const portfolios = listPortfolios(exampleTree);
    for (const shared of [".github/workflows/portfolios.yml", "package-lock.json", "shared/rules.ts"]) {
      const result = selectPortfolios({
        portfolios,
        changed: ["portfolios/momentum-desk/Pulumi.yaml", shared],
      });
      expect(names(result.selected), shared).toEqual(["momentum-desk", "safety-desk"]);
      expect(result.reason).toContain(shared);
    }
  });
});

describe("selecting from a sample diff", () => {
  const result = selectPortfolios({
    portfolios: listPortfolios(AFTER_SAMPLE),
    changed: parseDiff(SAMPLE_DIFF),
  });

  it("selects the changed portfolios that still exist, the renamed one under its new name", () => {
    expect(names(result.selected)).toEqual(["momentum-desk", "risk-desk"]);
    expect(result.selected.find((p) => p.name === "risk-desk")).toEqual({
      name: "risk-desk",
      dir: "portfolios/risk-desk",
      stack: "prod",
      secret: "STRATEGY_ALERTS_API_KEY_RISK_DESK",
    });
  });

  it("reports the removed ones (and the renamed one's old name) without selecting them", () => {
    expect(result.deleted).toEqual(["old-desk", "safety-desk"]);
    expect(summary(result)).toContain("- `old-desk`");
    expect(summary(result)).toContain("`pulumi destroy`");
  });

  it("selects nothing for a change outside every portfolio folder", () => {
    const none = selectPortfolios({
      portfolios: listPortfolios(AFTER_SAMPLE),
      changed: parseDiff("README.md\nportfolios/README.md\ndocs/how-we-trade.md\n"),
    });
    expect(none).toMatchObject({ selected: [], deleted: [] });
    expect(summary(none)).toContain("No portfolio changed.");
  });

  it("does not report as removed a changed folder that never was a portfolio", () => {
    const notes = selectPortfolios({
      portfolios: listPortfolios(AFTER_SAMPLE),
      changed: ["portfolios/templates/strategy.yaml"],
    });
    expect(notes).toMatchObject({ selected: [], deleted: [] });
  });

  it("selects every portfolio when there is no earlier commit to compare with", () => {
    const all = selectPortfolios({ portfolios: listPortfolios(AFTER_SAMPLE), changed: null });
    expect(names(all.selected)).toEqual(["momentum-desk", "quiet-desk", "risk-desk"]);
    expect(all.selected.find((p) => p.name === "quiet-desk")?.stack).toBe("staging");
  });
});

describe("a manual run's requested portfolios", () => {
  const portfolios = listPortfolios(AFTER_SAMPLE);

  it("selects the named ones, or all", () => {
    expect(names(selectPortfolios({ portfolios, requested: " risk-desk, quiet-desk " }).selected)).toEqual([
      "quiet-desk",
      "risk-desk",
    ]);
    expect(selectPortfolios({ portfolios, requested: "all" }).selected).toHaveLength(3);
  });

  it("refuses a name that is no portfolio, listing the portfolios", () => {
    expect(() => selectPortfolios({ portfolios, requested: "risk-desk,$(reboot)" })).toThrow(
      'requested: no portfolio named "$(reboot)"; the portfolios are momentum-desk, quiet-desk, risk-desk',
    );
    expect(() => selectPortfolios({ portfolios, requested: " , " })).toThrow("name at least one portfolio");
    expect(() => selectPortfolios({ portfolios, requested: "nope" })).toThrow(PortfolioSelectionError);
  });
});

describe("untrusted folder names", () => {
  it("refuses a portfolio folder whose name is not safe as a secret, job and group name", () => {
    for (const bad of ["Desk", "desk_1", "-desk", "desk-", 'x"; rm -rf ~; "', "a".repeat(65)]) {
      expect(() => listPortfolios(tree({ [bad]: ["Pulumi.yaml", "Pulumi.prod.yaml"] })), bad).toThrow(
        /lowercase letters, digits and inner dashes/,
      );
    }
  });

  it("requires exactly one stack file, naming the folder", () => {
    expect(() => listPortfolios(tree({ desk: ["Pulumi.yaml"] }))).toThrow(
      "portfolios/desk: a portfolio holds exactly one stack file Pulumi.<stack>.yaml",
    );
    expect(() => listPortfolios(tree({ desk: ["Pulumi.yaml", "Pulumi.a.yaml", "Pulumi.b.yaml"] }))).toThrow(
      "found a, b",
    );
  });

  it("maps folder names one-to-one onto secret names", () => {
    expect(secretName("momentum-desk")).toBe("STRATEGY_ALERTS_API_KEY_MOMENTUM_DESK");
    expect(secretName("desk-2")).not.toBe(secretName("desk2"));
  });

  it("keeps a removed folder's hostile name inside its inline code in the summary", () => {
    const hostile = "x`<img src=y>\n## Approved |";
    const diff = parseDiff(`portfolios/${hostile}/Pulumi.yaml\0`);
    expect(diff).toEqual([`portfolios/${hostile}/Pulumi.yaml`]);
    const text = summary(selectPortfolios({ portfolios: [], changed: diff }));
    const line = text.split("\n").find((l) => l.startsWith("- "));
    expect(line).toMatch(/^- `[^`]*`$/);
    expect(text).not.toContain("<img");
    expect(text).not.toMatch(/^## Approved/m);
  });
});

describe("the script as the workflow runs it", () => {
  // Node.js 24 runs the TypeScript script as it is; the repository pins it as a dev dependency.
  const node = existsSync(join(REPO_ROOT, "node_modules/.bin/node"))
    ? join(REPO_ROOT, "node_modules/.bin/node")
    : process.execPath;

  it("reads the diff on standard input and writes the matrix to $GITHUB_OUTPUT", async () => {
    const dir = await mkdtemp(join(tmpdir(), "select-portfolios-"));
    try {
      const env = {
        ...process.env,
        GITHUB_OUTPUT: join(dir, "output"),
        GITHUB_STEP_SUMMARY: join(dir, "summary"),
      };
      const run = promisify(execFile)(node, ["scripts/select-portfolios.mts"], { cwd: EXAMPLE, env });
      run.child.stdin?.end("portfolios/safety-desk/index.ts\0portfolios/gone-desk/Pulumi.yaml\0");
      await run;
      const output = await readFile(env.GITHUB_OUTPUT, "utf8");
      const matrix = JSON.parse(/^matrix=(.*)$/m.exec(output)?.[1] ?? "null");
      expect(matrix).toEqual({
        include: [
          {
            name: "safety-desk",
            dir: "portfolios/safety-desk",
            stack: "prod",
            secret: "STRATEGY_ALERTS_API_KEY_SAFETY_DESK",
          },
        ],
      });
      expect(output).toMatch(/^any=true$/m);
      expect(await readFile(env.GITHUB_STEP_SUMMARY, "utf8")).toContain("- `gone-desk`");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("fails with the reason for an unknown requested portfolio", async () => {
    const run = promisify(execFile)(node, ["scripts/select-portfolios.mts", "--requested", "nope"], {
      cwd: EXAMPLE,
      env: { ...process.env, GITHUB_OUTPUT: "", GITHUB_STEP_SUMMARY: "" },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('select-portfolios: requested: no portfolio named "nope"'),
    });
  });
});
