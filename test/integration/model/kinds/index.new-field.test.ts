/**
 * The walkthrough of a new Strategy field (CONTRIBUTING.md, "Adding a Strategy field"), followed
 * on a copy of the sources: two optional fields, one the service answers and one it never does,
 * added to the descriptor. The files the walkthrough lists are read from CONTRIBUTING.md's
 * numbered steps, not from here: the descriptor's entries alone fail to compile in exactly the
 * other listed files, and once those have their edit the copy compiles and its emulator stores,
 * checks and answers the fields with no edit of its own.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ALERT_CAP, QUIET_HOURS } from "../../../support/new-strategy-fields";
import { runProcess, tsNode } from "../../../support/process";
import { contributingSection, SourceCopy } from "./source-copy";

const DESCRIPTOR = "provider/model/kinds/strategy.ts";
const SCHEMA = "provider/model/strategy.ts";

/** The product files of the walkthrough: the first path of each numbered step of its section. */
function documentedFiles(): string[] {
  return [...contributingSection("Adding a Strategy field").matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]!);
}

/** The entries added to the copy's descriptor, as source. */
const ENTRIES = `  alertCap: ${JSON.stringify(ALERT_CAP)},\n  quietHours: ${JSON.stringify(QUIET_HOURS)},\n`;

/** The edit each other file of the walkthrough takes: where, and what goes after it. */
const EDITS: Readonly<Record<string, { after: string; text: string }>> = {
  [SCHEMA]: {
    after: "  matching: MatchingSchema.optional(),\n",
    text: "  alertCap: fieldSchema(declared.alertCap),\n  quietHours: fieldSchema(declared.quietHours),\n",
  },
};

const copy = SourceCopy.create("new-field-");
afterAll(() => copy.remove());

describe("a new Strategy field, added to a copy of the sources", () => {
  it("takes the files CONTRIBUTING.md lists, each flagged by the compiler, and no other", async () => {
    const documented = documentedFiles();
    expect(documented[0]).toBe(DESCRIPTOR);
    // The entries go last in the descriptor's body fields.
    copy.insert(DESCRIPTOR, '    review: { label: "Matching", words: "matching" },\n  },\n', ENTRIES);
    // A missing one is a silent gap, an extra one an undocumented step.
    expect(await copy.failingFiles()).toEqual(documented.slice(1).sort());
    for (const file of documented.slice(1)) {
      const edit = EDITS[file];
      expect(edit, `the test knows the edit of ${file}`).toBeDefined();
      copy.insert(file, edit!.after, edit!.text);
    }
    expect(await copy.failingFiles()).toEqual([]);
  }, 300_000);

  // The copy as the first test left it: both files edited.
  it("is stored, checked and answered by the copy's emulator as its echo says", async () => {
    const script = join(copy.dir, "emulator", "new-field-probe.ts");
    copy.write(
      "emulator/new-field-probe.ts",
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
    const run = await runProcess(process.execPath, tsNode(script), { cwd: copy.dir });
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
