/**
 * The walkthrough of a new Strategy field (CONTRIBUTING.md, "Adding a Strategy field"), followed
 * on a copy of the sources: two optional fields, one the service answers and one it never does,
 * added to the descriptor. The files the walkthrough lists are read from CONTRIBUTING.md's
 * numbered steps, not from here: the descriptor's entries alone fail to compile in exactly the
 * other listed files, and once those have their edit the copy compiles and its emulator stores,
 * checks and answers the fields with no edit of its own.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess, tsNode } from "../../../support/process";

const REPO = join(__dirname, "..", "..", "..", "..");
const DESCRIPTOR = "provider/model/kinds/strategy.ts";
const SCHEMA = "provider/model/strategy.ts";

/** The product files of the walkthrough: the first path of each numbered step of its section. */
function documentedFiles(): string[] {
  const contributing = readFileSync(join(REPO, "CONTRIBUTING.md"), "utf8");
  const start = contributing.indexOf("## Adding a Strategy field");
  const section = contributing.slice(start, contributing.indexOf("\n## ", start + 1));
  return [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]!);
}

/** The entries added to the copy's descriptor: one answered by every read, one never. */
const ENTRIES = `  alertCap: {
    description: "At most this many alerts a day (0: no cap).",
    type: "integer",
    bounds: { min: 0, max: 100 },
    default: 0,
    checked: true,
    echo: "always",
    review: { label: "Alert cap", words: "value" },
  },
  quietHours: {
    description: "Hours without alerts.",
    type: "string",
    checked: true,
    echo: "never",
    review: { label: "Quiet hours", words: "text" },
  },
`;

/** The edit each other file of the walkthrough takes: where, and what goes after it. */
const EDITS: Readonly<Record<string, { after: string; text: string }>> = {
  [SCHEMA]: {
    after: "  matching: MatchingSchema.optional(),\n",
    text: "  alertCap: fieldSchema(declared.alertCap),\n  quietHours: fieldSchema(declared.quietHours),\n",
  },
};

const copy = mkdtempSync(join(tmpdir(), "new-field-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function insert(file: string, after: string, text: string): void {
  const path = join(copy, file);
  const source = readFileSync(path, "utf8");
  expect(source.split(after), `${file} holds one ${JSON.stringify(after)}`).toHaveLength(2);
  writeFileSync(path, source.replace(after, after + text));
}

/** The copy's files that fail to compile (the plain types regenerated first, as a build does). */
async function failingFiles(): Promise<string[]> {
  const generated = await runProcess(process.execPath, tsNode(join(copy, "scripts", "plain-types.ts")), {
    cwd: copy,
  });
  expect(generated.code, generated.stderr).toBe(0);
  const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
  const result = await runProcess(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: copy });
  const files = result.stdout.split("\n").flatMap((l) => l.match(/^([\w/.-]+\.ts)\(/)?.[1] ?? []);
  return [...new Set(files)].sort();
}

beforeAll(() => {
  for (const dir of ["provider", "cli", "emulator", "scripts"])
    cpSync(join(REPO, dir), join(copy, dir), { recursive: true });
  cpSync(join(REPO, "biome.json"), join(copy, "biome.json"));
  symlinkSync(join(REPO, "node_modules"), join(copy, "node_modules"));
  const config = JSON.parse(readFileSync(join(REPO, "tsconfig.json"), "utf8"));
  config.include = ["provider", "cli", "emulator"];
  config.compilerOptions.noEmit = true;
  writeFileSync(join(copy, "tsconfig.json"), JSON.stringify(config));
});

describe("a new Strategy field, added to a copy of the sources", () => {
  it("takes the files CONTRIBUTING.md lists, each flagged by the compiler, and no other", async () => {
    const documented = documentedFiles();
    expect(documented[0]).toBe(DESCRIPTOR);
    // The entries go last in the descriptor's body fields.
    insert(DESCRIPTOR, '    review: { label: "Matching", words: "matching" },\n  },\n', ENTRIES);
    // A missing one is a silent gap, an extra one an undocumented step.
    expect(await failingFiles()).toEqual(documented.slice(1).sort());
    for (const file of documented.slice(1)) {
      const edit = EDITS[file];
      expect(edit, `the test knows the edit of ${file}`).toBeDefined();
      insert(file, edit!.after, edit!.text);
    }
    expect(await failingFiles()).toEqual([]);
  }, 300_000);

  // The copy as the first test left it: both files edited.
  it("is stored, checked and answered by the copy's emulator as its echo says", async () => {
    const script = join(copy, "emulator", "new-field-probe.ts");
    writeFileSync(
      script,
      `import { newStrategy, patchedStrategy, validate } from "./strategies/input";
import { listView, patchView, singleView } from "./strategies/views";
const body = { name: "A", triggers: ["new_token_created"], rules: [{ rule: "is_honeypot", dealbreaker: true }], isActive: false, quietHours: "22-6" };
const s = newStrategy(validate(body, "create"), { id: "i", userId: "u", isGlobal: false, now: "t" });
const patch = validate({ alertCap: 7 }, "update");
let refused = "";
try { validate({ alertCap: 101 }, "update"); } catch (e) { refused = (e as Error).message; }
console.log(JSON.stringify({
  stored: [s.alertCap, s.quietHours],
  list: Object.keys(listView(s)),
  single: singleView(s),
  patch: patchView(patchedStrategy(s, patch), new Set(Object.keys(patch))),
  refused,
}));
`,
    );
    const run = await runProcess(process.execPath, tsNode(script), { cwd: copy });
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split("\n").pop() ?? "");
    expect(out.stored).toEqual([0, "22-6"]);
    // Answered after the fields the descriptor puts before it, never the one the service keeps.
    expect(
      out.list.slice(out.list.indexOf("alertCooldownMins"), out.list.indexOf("alertCooldownMins") + 3),
    ).toEqual(["alertCooldownMins", "alertCap", "isActive"]);
    expect(out.list).not.toContain("quietHours");
    expect(out.single).toMatchObject({ alertCap: 0 });
    expect(out.single).not.toHaveProperty("quietHours");
    expect(out.patch).toMatchObject({ alertCap: 7 });
    expect(out.refused).toMatch(/alertCap/);
  }, 120_000);
});
