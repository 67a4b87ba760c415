import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compareFields, firstParseProblem } from "../../../../cli/doctor/shape";

describe("shape comparison", () => {
  const schema = z.looseObject({
    items: z.array(
      z.looseObject({ id: z.string(), note: z.string().nullish(), tags: z.array(z.string()).optional() }),
    ),
    total: z.number(),
  });

  it("names the first field path that does not parse", () => {
    expect(firstParseProblem(schema, { items: [{ id: "a" }, { id: 7 }], total: 1 })).toMatch(
      /^items\[1\]\.id: /,
    );
    expect(firstParseProblem(schema, { items: [] })).toMatch(/^total: /);
    expect(firstParseProblem(schema, { items: [], total: 0 })).toBeUndefined();
  });

  it("lists unknown fields and omitted optional ones, arrays as []", () => {
    const report = compareFields(
      schema,
      {
        items: [
          { id: "a", extra: 1 },
          { id: "b", note: "n", tags: [] },
        ],
        total: 2,
        more: true,
      },
      "",
    );
    expect([...report.extra].sort()).toEqual([".items[].extra", ".more"]);
    expect([...report.omitted].sort()).toEqual([".items[].note", ".items[].tags"]);
  });
});
