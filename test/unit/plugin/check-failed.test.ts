import { describe, expect, it } from "vitest";
import { CheckFailedError } from "../../../provider/plugin/check-failed";

describe("a failed check as the plugin answers it", () => {
  it("is one message, a line per failure, each its reason alone when the reason names the field", () => {
    const err = new CheckFailedError([
      { property: "rules[0].max", reason: "rules[0].max must be greater than min (min 10, max 5)" },
      { property: "", reason: 'FollowedDeveloper "x" already exists on the account' },
    ]);
    expect(err.message).toBe(
      'rules[0].max must be greater than min (min 10, max 5)\nFollowedDeveloper "x" already exists on the account',
    );
    expect(err.message).not.toContain("has a problem");
  });

  it("leads a reason that does not name its field with the field", () => {
    expect(
      new CheckFailedError([{ property: "alias", reason: "must be at most 100 characters" }]).message,
    ).toBe("alias: must be at most 100 characters");
  });

  it("escapes each line on its own: a line feed or an escape inside a reason cannot start a line or act", () => {
    const line = new CheckFailedError([
      { property: "name\u001b", reason: "name holds a\nsecond line \u001b[2J" },
    ]).message;
    expect(line).not.toContain("\n");
    expect(line).not.toContain("\u001b");
    expect(line).toContain("\\u001b");
    expect(new CheckFailedError([{ property: "", reason: "a\nb" }]).message.split("\n")).toHaveLength(1);
  });
});
