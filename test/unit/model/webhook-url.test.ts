import { describe, expect, it } from "vitest";
import { webhookUrlIsSecret, webhookUrlProblem } from "../../../provider/model/webhook-url";

describe("the webhook url rule", () => {
  it("accepts https anywhere and plain http to a loopback host", () => {
    for (const url of [
      "https://hooks.example.com/in",
      "https://hooks.example.com/in?token=abc",
      "https://hooks.example.com/services/T000/B000/XXXX",
      "http://localhost:8080/hook",
      "http://127.0.0.1/hook",
      "http://[::1]:9000/hook",
      "HTTPS://Hooks.Example.com/in",
    ])
      expect(webhookUrlProblem(url)).toBeUndefined();
  });

  it("names the field and what to fix in each refusal, never quoting the url", () => {
    expect(webhookUrlProblem("")).toBe("url must not be empty (null removes the webhook url)");
    expect(webhookUrlProblem(`https://a.example/${"x".repeat(2040)}`)).toBe(
      "url must be at most 2048 characters, got 2058",
    );
    expect(webhookUrlProblem("https://a.example/ x")).toBe(
      "url must not contain white space, control or invisible characters; it has \\u0020 at position 19",
    );
    expect(webhookUrlProblem("https://a.example/\u001b[2J")).toBe(
      "url must not contain white space, control or invisible characters; it has \\u001b at position 19",
    );
    expect(webhookUrlProblem("https://a.example/\u200bx")).toContain("it has \\u200b at position 19");
    expect(webhookUrlProblem("hooks.example.com/in")).toBe(
      "url must be an http(s) URL or null for none; it is not an absolute URL (https://host/path)",
    );
    expect(webhookUrlProblem("ftp://a.example/x")).toBe(
      'url must be an http(s) URL or null for none; its scheme is "ftp"',
    );
    expect(webhookUrlProblem("http://hooks.example.com/in")).toBe(
      "url must use https; plain http is allowed only for localhost, 127.0.0.1 and [::1]",
    );
    expect(webhookUrlProblem("https://user:pa%40ss@hooks.example.com/in")).toBe(
      "url must not contain credentials (a user name or password before the host)",
    );
    expect(webhookUrlProblem("https://user@hooks.example.com/in")).toContain("credentials");
    expect(webhookUrlProblem("https://hooks.example.com/in#frag")).toBe(
      "url must not contain a fragment (#…)",
    );
    expect(webhookUrlProblem("https://hooks.example.com/in#")).toBe("url must not contain a fragment (#…)");
  });

  it("does not take a look-alike of a loopback host for one", () => {
    expect(webhookUrlProblem("http://localhost.example.com/x")).toContain("plain http is allowed only");
    expect(webhookUrlProblem("http://127.0.0.2/x")).toContain("plain http is allowed only");
  });
});

describe("which urls are kept secret", () => {
  it("a url with a query, user info, a fragment or a credential-like path; not a plain one", () => {
    expect(webhookUrlIsSecret("https://hooks.example.com/in?token=s3cr3t")).toBe(true);
    expect(webhookUrlIsSecret("https://hooks.example.com/in?SECRET")).toBe(true);
    expect(webhookUrlIsSecret("https://u:p@hooks.example.com/in")).toBe(true);
    expect(webhookUrlIsSecret("https://hooks.example.com/services/T000/B000/XXXX")).toBe(true);
    expect(webhookUrlIsSecret("not a url at all")).toBe(true);
    expect(webhookUrlIsSecret("https://hooks.example.com/in")).toBe(false);
    expect(webhookUrlIsSecret("http://127.0.0.1:4010/strategy-alerts")).toBe(false);
    expect(webhookUrlIsSecret(null)).toBe(false);
    expect(webhookUrlIsSecret(undefined)).toBe(false);
  });
});
