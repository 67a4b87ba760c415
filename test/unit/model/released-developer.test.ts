import { describe, expect, it } from "vitest";
import { plainTextIssue } from "../../../provider/model/plain-text";
import { RELEASED_ALIAS } from "../../../provider/model/released-developer";

describe("the released developer's alias", () => {
  it("is an alias the service takes: plain text, not empty once trimmed, at most 100 characters", () => {
    expect(plainTextIssue(RELEASED_ALIAS, { path: "alias", allowLineBreaks: false })).toBeUndefined();
    expect(RELEASED_ALIAS.trim()).toBe(RELEASED_ALIAS);
    expect(RELEASED_ALIAS.length).toBeGreaterThan(0);
    expect(RELEASED_ALIAS.length).toBeLessThanOrEqual(100);
  });
});
