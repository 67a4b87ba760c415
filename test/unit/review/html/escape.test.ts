import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../../../provider/review/html/escape";

describe("escapeHtml", () => {
  it("turns every character HTML reads into an entity, the ampersand first", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&amp;`)).toBe(
      "&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;amp;",
    );
    expect(escapeHtml("Safety first — 10,000 USD")).toBe("Safety first — 10,000 USD");
  });
});
