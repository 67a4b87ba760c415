import { describe, expect, it } from "vitest";
import { maskUrl, maskUrlsIn, printableUrl } from "../../../provider/model/url-credentials";

describe("maskUrl", () => {
  it("keeps a plain URL as it is and says it carries nothing", () => {
    expect(maskUrl("https://alerts.example.com/hooks")).toEqual({
      masked: "https://alerts.example.com/hooks",
      carriesCredentials: false,
    });
  });

  it("masks query values and bare query keys alike", () => {
    expect(maskUrl("https://a.example/x?token=abc&SECRETONLY").masked).toBe("https://a.example/x?***");
    expect(maskUrl("https://a.example/x?SECRETONLY").masked).toBe("https://a.example/x?***");
  });

  it("masks user info and a fragment", () => {
    const r = maskUrl("https://user:pw@a.example/x#frag");
    expect(r.masked).toBe("https://***@a.example/x#***");
    expect(r.carriesCredentials).toBe(true);
  });

  it("masks every path segment after a Slack-style /services/ prefix", () => {
    expect(maskUrl("https://hooks.example.com/services/T000/B000/XXXX").masked).toBe(
      "https://hooks.example.com/services/***/***/***",
    );
  });

  it.each([
    ["https://api.example.org/bot123:ABCdef/sendMessage", "https://api.example.org/***/sendMessage"],
    ["https://a.example/in/9f8e7d6c5b4a39281706/alerts", "https://a.example/in/***/alerts"],
    ["https://a.example/a;token=xyz/in", "https://a.example/***/in"],
    ["https://a.example/key=abc123", "https://a.example/***"],
    ["https://a.example/v1/apikey/abcdefghijklmnop", "https://a.example/v1/apikey/***"],
    ["https://a.example/v1/Token/plainword/x", "https://a.example/v1/Token/***/***"],
  ])("masks a credential in %s as %s", (url, masked) => {
    expect(maskUrl(url).masked).toBe(masked);
  });

  it("takes neither a word nor a trailing credential name for a credential", () => {
    expect(maskUrl("https://a.example/strategy-alerts-receiver").carriesCredentials).toBe(false);
    // A trailing word is a route, not a credential.
    expect(maskUrl("https://a.example/v1/token").carriesCredentials).toBe(false);
  });

  it("prints text that is not a URL as a fixed word, never the text", () => {
    expect(printableUrl("sk_live_not a url")).toBe("(not a valid URL)");
  });
});

describe("maskUrlsIn", () => {
  it("masks every URL inside free text and leaves the rest of the text as it is", () => {
    expect(
      maskUrlsIn(
        'webhook "https://hooks.example.com/services/T0/B0/XXXX" failed; see https://a.example/x?SECRET',
      ),
    ).toBe('webhook "https://hooks.example.com/services/***/***/***" failed; see https://a.example/x?***');
  });

  it("keeps only the scheme of a URL that does not parse, which a validation error quotes", () => {
    expect(maskUrlsIn("url http://[bad/x?token=abc is invalid")).toBe("url http://*** is invalid");
  });

  it("leaves text without a URL unchanged", () => {
    expect(maskUrlsIn("liquidity_usd min must be at least 10,000")).toBe(
      "liquidity_usd min must be at least 10,000",
    );
  });
});
