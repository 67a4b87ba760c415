#!/usr/bin/env node
// Which portfolios a change touches, as the matrix of the portfolios workflow.
//
//   git diff --name-only --no-renames -z "$BASE...$HEAD" | node scripts/select-portfolios.mts
//   node scripts/select-portfolios.mts --all
//   node scripts/select-portfolios.mts --requested "momentum-desk,safety-desk"
//
// A portfolio is a folder portfolios/<name>/ holding a Pulumi.yaml and exactly one stack file
// Pulumi.<stack>.yaml, whose name is the stack the workflow previews and applies. A changed file
// inside such a folder selects it; a change to a file every portfolio depends on (SHARED) selects
// them all. A portfolio whose Pulumi.yaml the change removes is reported and never applied:
// destroying a live portfolio is a deliberate `pulumi destroy` by hand.
//
// Under GitHub Actions the result goes to $GITHUB_OUTPUT (matrix, any) and a summary to
// $GITHUB_STEP_SUMMARY; it is printed as JSON too. No dependency: Node.js 24 runs this TypeScript
// as it is (its types are erasable), so the job that selects needs no `npm ci`.
import { appendFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

const PORTFOLIOS_DIR = "portfolios";

/** Files every portfolio depends on: a change to one of them reviews (or applies) them all. */
const SHARED = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  ".github/workflows/portfolios.yml",
  "scripts/select-portfolios.mts",
];
/** Folders whose code any portfolio may import. */
const SHARED_PREFIXES = ["shared/"];

// Folder names become secret names, job names, concurrency groups and comment markers, so they
// are held to a set that is safe in all of them and maps one-to-one onto secret names.
const NAME = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
// The characters Pulumi allows in a stack name.
const STACK = /^[A-Za-z0-9_.-]{1,100}$/;

export class PortfolioSelectionError extends Error {
  override name = "PortfolioSelectionError";
}

/** One portfolio: a row of the workflow's matrix. */
export interface Portfolio {
  /** The folder's name. */
  name: string;
  /** The folder, relative to the repository root: the working directory of its jobs. */
  dir: string;
  /** The stack its jobs preview and apply, from its one Pulumi.<stack>.yaml. */
  stack: string;
  /** The repository secret holding its API key. */
  secret: string;
}

export interface DirEntry {
  name: string;
  isDirectory: boolean;
}

export interface Selection {
  selected: Portfolio[];
  /** Portfolios the change removes (untrusted names): reported, never previewed nor applied. */
  deleted: string[];
  /** Why these were selected, as Markdown safe to print. */
  reason: string;
}

/** Inline code that untrusted text (a changed path, a removed folder's name) cannot break out of. */
const code = (text: string) => `\`${text.replace(/[^A-Za-z0-9 ._\-/]/g, "?")}\``;

/** The repository secret holding a portfolio's API key: momentum-desk → STRATEGY_ALERTS_API_KEY_MOMENTUM_DESK. */
export function secretName(name: string): string {
  return `STRATEGY_ALERTS_API_KEY_${name.toUpperCase().replaceAll("-", "_")}`;
}

/** The paths of `git diff --name-only` output, NUL-separated (-z) or one a line. */
export function parseDiff(text: string): string[] {
  const separator = text.includes("\0") ? "\0" : "\n";
  return text.split(separator).filter((path) => path.trim() !== "");
}

function portfolioAt(dir: string, name: string, files: string[]): Portfolio {
  if (!NAME.test(name)) {
    throw new PortfolioSelectionError(
      `${dir}: a portfolio folder's name is 1 to 64 lowercase letters, digits and inner dashes ` +
        `(it names the API key secret, the job and the concurrency group), not ${JSON.stringify(name)}`,
    );
  }
  const stacks = files.flatMap((f) => /^Pulumi\.(.+)\.yaml$/.exec(f)?.[1] ?? []);
  if (stacks.length !== 1) {
    throw new PortfolioSelectionError(
      `${dir}: a portfolio holds exactly one stack file Pulumi.<stack>.yaml (it names the stack ` +
        `the workflow previews and applies); found ${stacks.length === 0 ? "none" : stacks.join(", ")}`,
    );
  }
  const stack = stacks[0] as string;
  if (!STACK.test(stack)) {
    throw new PortfolioSelectionError(`${dir}: ${JSON.stringify(stack)} is not a Pulumi stack name`);
  }
  return { name, dir, stack, secret: secretName(name) };
}

/**
 * The portfolios of a checkout: each folder of portfolios/ holding a Pulumi.yaml.
 * `readDir(path)` lists a folder's entries and returns [] for a missing one.
 */
export function listPortfolios(readDir: (path: string) => DirEntry[]): Portfolio[] {
  const portfolios: Portfolio[] = [];
  for (const entry of readDir(PORTFOLIOS_DIR)) {
    if (!entry.isDirectory) continue;
    const dir = `${PORTFOLIOS_DIR}/${entry.name}`;
    const files = readDir(dir)
      .filter((f) => !f.isDirectory)
      .map((f) => f.name);
    if (files.includes("Pulumi.yaml")) portfolios.push(portfolioAt(dir, entry.name, files));
  }
  return portfolios.sort((a, b) => (a.name < b.name ? -1 : 1));
}

function requestedPortfolios(portfolios: Portfolio[], requested: string): Selection {
  const names = requested.split(/[\s,]+/).filter(Boolean);
  if (names.length === 0)
    throw new PortfolioSelectionError('requested: name at least one portfolio, or "all"');
  if (names.includes("all"))
    return { selected: portfolios, deleted: [], reason: "Every portfolio was requested" };
  const known = new Set(portfolios.map((p) => p.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    throw new PortfolioSelectionError(
      `requested: no portfolio named ${unknown.map((n) => JSON.stringify(n)).join(", ")}; ` +
        `the portfolios are ${portfolios.map((p) => p.name).join(", ") || "(none)"}`,
    );
  }
  return {
    selected: portfolios.filter((p) => names.includes(p.name)),
    deleted: [],
    reason: "These portfolios were requested",
  };
}

/**
 * The selection: from `changed` (the changed paths; null selects every portfolio, as for a push
 * with no earlier commit to compare with) or from `requested` (names, or "all", of a manual run).
 */
export function selectPortfolios(options: {
  portfolios: Portfolio[];
  changed?: string[] | null;
  requested?: string | null;
}): Selection {
  const { portfolios, changed = null, requested = null } = options;
  if (requested !== null) return requestedPortfolios(portfolios, requested);
  if (changed === null)
    return {
      selected: portfolios,
      deleted: [],
      reason: "No earlier commit to compare with: every portfolio",
    };

  const shared = changed.find(
    (path) => SHARED.includes(path) || SHARED_PREFIXES.some((p) => path.startsWith(p)),
  );
  if (shared !== undefined) {
    return {
      selected: portfolios,
      deleted: [],
      reason: `${code(shared)} changed, and every portfolio depends on it`,
    };
  }
  const touched = new Set<string>();
  const projectFiles = new Set<string>();
  for (const path of changed) {
    const [top, name, ...rest] = path.split("/");
    // portfolios/<name>/<file>; a file directly under portfolios/ (a README) is no portfolio's.
    if (top !== PORTFOLIOS_DIR || !name || rest.length === 0) continue;
    touched.add(name);
    if (rest.join("/") === "Pulumi.yaml") projectFiles.add(name);
  }
  const present = new Set(portfolios.map((p) => p.name));
  return {
    selected: portfolios.filter((p) => touched.has(p.name)),
    // Changed, and its Pulumi.yaml is among the changes but no longer there: removed (or renamed:
    // --no-renames lists the old path as a deletion).
    deleted: [...projectFiles].filter((name) => !present.has(name)).sort(),
    reason: "The portfolios whose folders changed",
  };
}

/** Markdown for the job summary. */
export function summary({ selected, deleted, reason }: Selection): string {
  const lines = ["### Portfolios of this change", ""];
  if (selected.length === 0) lines.push("No portfolio changed.");
  else {
    lines.push(`${reason}:`, "");
    for (const p of selected)
      lines.push(`- ${code(p.name)}: stack ${code(p.stack)}, API key secret ${code(p.secret)}`);
  }
  if (deleted.length > 0) {
    lines.push(
      "",
      "Removed by this change, so neither previewed nor applied. Their strategies stay live until " +
        "someone runs `pulumi destroy` on their stack:",
      "",
      ...deleted.map((name) => `- ${code(name)}`),
    );
  }
  return `${lines.join("\n")}\n`;
}

function parseArgs(argv: string[]): { all: boolean; requested: string | null } {
  const args = { all: false, requested: null as string | null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--all") args.all = true;
    else if (argv[i] === "--requested" && i + 1 < argv.length) args.requested = argv[++i] ?? "";
    else throw new PortfolioSelectionError(`usage: select-portfolios.mts [--all | --requested <names>]`);
  }
  return args;
}

function readDirUnder(root: string): (path: string) => DirEntry[] {
  return (path) => {
    const full = join(root, path);
    if (!existsSync(full)) return [];
    return readdirSync(full, { withFileTypes: true }).map((e) => ({
      name: e.name,
      isDirectory: e.isDirectory(),
    }));
  };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const portfolios = listPortfolios(readDirUnder(process.cwd()));
  const changed = args.all || args.requested !== null ? null : parseDiff(readFileSync(0, "utf8"));
  const result = selectPortfolios({ portfolios, changed, requested: args.requested });
  const matrix = { include: result.selected };
  const output = process.env.GITHUB_OUTPUT;
  if (output) appendFileSync(output, `matrix=${JSON.stringify(matrix)}\nany=${result.selected.length > 0}\n`);
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  if (stepSummary) appendFileSync(stepSummary, summary(result));
  process.stdout.write(`${JSON.stringify({ ...result, matrix }, null, 2)}\n`);
}

// Run as a script, not imported (by its test): import.meta is not available to the repository's
// CommonJS type-check, so the script is recognised by its file name.
if (basename(process.argv[1] ?? "") === "select-portfolios.mts") {
  try {
    main();
  } catch (error) {
    if (!(error instanceof PortfolioSelectionError)) throw error;
    process.stderr.write(`select-portfolios: ${error.message}\n`);
    process.exitCode = 1;
  }
}
