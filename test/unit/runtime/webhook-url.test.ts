import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { webhookUrlProblem } from "../../../provider/model/webhook-url";
import { urlFailure } from "../../../provider/runtime/webhook-url";

describe("urlFailure", () => {
  it("passes no url, a url unknown during preview and a url the service takes", () => {
    expect(urlFailure(undefined)).toBeUndefined();
    expect(urlFailure(null)).toBeUndefined();
    expect(urlFailure(UNKNOWN)).toBeUndefined();
    expect(urlFailure("https://hooks.example/alerts")).toBeUndefined();
  });

  it("refuses what is not a string, and a url by the service's own rule, without quoting it", () => {
    expect(urlFailure(42)).toMatch(/^url must be a string \(an http\(s\) URL\) or null for none, got /);
    const bad = "ftp://user:hunter2@hooks.example/x";
    expect(urlFailure(bad)).toBe(webhookUrlProblem(bad));
    expect(urlFailure(bad)).toBeDefined();
    expect(urlFailure(bad)).not.toContain("hunter2");
  });
});
