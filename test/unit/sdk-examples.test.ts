import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RESOURCE_KINDS } from "../../provider/model/kinds";
import { EXAMPLES, examplesSection, RESOURCES_DOC, withExamples } from "../../scripts/sdk-examples";

describe("the Go and Python examples of docs/resources.md", () => {
  it("are the table's (run `npm run sdk` after changing scripts/sdk-examples.ts)", () => {
    const doc = readFileSync(RESOURCES_DOC, "utf8");
    expect(doc).toContain(examplesSection());
    expect(withExamples(doc)).toBe(doc);
  });

  it("show every kind once", () => {
    expect(EXAMPLES.map((e) => e.kind).sort()).toEqual([...RESOURCE_KINDS].sort());
  });
});
