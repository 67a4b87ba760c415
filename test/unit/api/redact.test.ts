import { describe, expect, it } from "vitest";
import { REDACTED, Redactor } from "../../../provider/api/redact";

describe("Redactor", () => {
  it("replaces the secret in text, in nested values and in object keys", () => {
    const r = new Redactor(["s3cr3t-key"]);
    expect(r.text("x s3cr3t-key y s3cr3t-key")).toBe(`x ${REDACTED} y ${REDACTED}`);
    expect(r.value({ "s3cr3t-key": ["a s3cr3t-key", 1, null, { b: "s3cr3t-key" }] })).toEqual({
      [REDACTED]: [`a ${REDACTED}`, 1, null, { b: REDACTED }],
    });
  });

  it("also replaces the percent-encoded spelling of the secret", () => {
    const r = new Redactor(["k/e y"]);
    expect(r.text("path /k%2Fe%20y/")).toBe(`path /${REDACTED}/`);
  });
});
