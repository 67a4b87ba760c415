import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RESOURCE_KINDS } from "../../../provider/model/kinds";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import * as classes from "../../../provider/resources/classes";
import { CLASSES_FILE, classesSource } from "../../../scripts/kind-declarations";

describe("the barrel of the kinds' classes", () => {
  it("is what `npm run schema` writes from the kinds", () => {
    expect(readFileSync(CLASSES_FILE, "utf8")).toBe(classesSource(RESOURCE_KINDS));
  });

  it("exports every kind's class under its name, carrying its type token, and nothing else", () => {
    expect(Object.keys(classes).sort()).toEqual([...RESOURCE_KINDS].sort());
    for (const kind of RESOURCE_KINDS)
      expect((classes as Record<string, { __pulumiType: string }>)[kind]?.__pulumiType).toBe(
        TYPE_TOKENS[kind],
      );
  });

  it("would name a sixth kind's class too", () => {
    const text = classesSource([...RESOURCE_KINDS, "SixthKind" as (typeof RESOURCE_KINDS)[number]]);
    expect(text).toContain('export { SixthKind, type SixthKindArgs } from "./sixth-kind";');
  });
});
