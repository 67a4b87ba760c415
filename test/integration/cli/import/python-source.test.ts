/** Python string literals of hostile text, read back by Python itself: each must be its text. */
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pythonString } from "../../../../cli/import/python-source";
import { texts, workDirectory } from "./sdk-programs";

const work = workDirectory();
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("Python string literals of account text", () => {
  it("reads every literal back as the text it was made from", () => {
    const file = join(work, "literals.py");
    writeFileSync(file, `import json\nprint(json.dumps([${texts.map(pythonString).join(", ")}]))\n`);
    expect(JSON.parse(execFileSync("python3", [file], { encoding: "utf8" }))).toEqual(texts);
  });
});
