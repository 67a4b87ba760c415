import { describe, expect, it } from "vitest";
import { renderReview } from "../../../provider/index";
import { PreviewParseError } from "../../../provider/review";
import {
  decodePreview,
  describeDocument,
  describeJsonError,
  MAX_NESTING,
  nestingOf,
  notAPreview,
} from "../../../provider/review/preview-input";

describe("renderReview: policy violations, diagnostics and inputs", () => {
  it("rejects input that is not a preview, saying what was expected", () => {
    expect(() => renderReview("")).toThrow(PreviewParseError);
    expect(() => renderReview("hello")).toThrow(/pulumi preview --json/);
    expect(() => renderReview(JSON.stringify({ steps: "no", changeSummary: {} }))).toThrow(/steps/);
  });
});

describe("a preview's bytes and document", () => {
  it("decodes UTF-8 without its byte order mark, and names UTF-16, binary data and bytes that are not UTF-8", () => {
    const utf8 = new TextEncoder().encode('\uFEFF{"steps":[]}');
    expect(decodePreview(utf8)).toBe('{"steps":[]}');
    expect(() => decodePreview(new Uint8Array([0xff, 0xfe, 0x7b, 0x00]))).toThrow(/UTF-16 text/);
    expect(() => decodePreview(new Uint8Array([0x7b, 0x00, 0x22, 0x00]))).toThrow(/NUL bytes/);
    expect(() => decodePreview(new Uint8Array([0x7b, 0xc3, 0x28]))).toThrow(/not UTF-8 text/);
  });

  it("measures the nesting of JSON text without parsing it, brackets inside strings aside", () => {
    expect(nestingOf('{"a":[{"b":"[[[{"}]}')).toBe(3);
    expect(nestingOf("[".repeat(1000))).toBe(MAX_NESTING + 1);
  });

  it("says what a document is instead of a preview", () => {
    expect(describeDocument([1, 2])).toBe("a JSON array of 2 items");
    expect(describeDocument(null)).toBe("a JSON null");
    expect(describeDocument({})).toBe("an empty JSON object `{}`");
    expect(describeDocument({ error: "no stack" })).toContain('"no stack"');
    expect(describeDocument({ version: 3, deployment: {} })).toContain("`pulumi stack export`");
    expect(describeDocument({ a: 1 })).toBe('a JSON object with the fields "a" and no changeSummary');
    expect(notAPreview("x").message).toMatch(/^expected the output of `pulumi preview --json`.*; found x$/);
  });

  it("tells a cut-off file from text that is not JSON", () => {
    const error = (text: string) => {
      try {
        JSON.parse(text);
      } catch (e) {
        return describeJsonError(text, e);
      }
      throw new Error("parsed");
    };
    expect(error('{"steps": [')).toMatch(/^JSON that ends before it is complete after 11 characters/);
    expect(error("hello")).toMatch(/^text that is not JSON/);
  });
});
