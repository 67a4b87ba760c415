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

  it.each([
    ["an empty url", "", "url must not be empty (null removes the webhook url)"],
    [
      "a url over 2,048 characters",
      `https://a.example/${"x".repeat(2040)}`,
      "url must be at most 2048 characters, got 2058",
    ],
    [
      "white space",
      "https://a.example/ x",
      "url must not contain white space, control or invisible characters; it has \\u0020 at position 19",
    ],
    [
      "a control character",
      "https://a.example/\u001b[2J",
      "url must not contain white space, control or invisible characters; it has \\u001b at position 19",
    ],
    [
      "a url that is not absolute",
      "hooks.example.com/in",
      "url must be an http(s) URL or null for none; it is not an absolute URL (https://host/path)",
    ],
    [
      "a scheme other than http(s)",
      "ftp://a.example/x",
      'url must be an http(s) URL or null for none; its scheme is "ftp"',
    ],
    [
      "plain http to another host",
      "http://hooks.example.com/in",
      "url must use https; plain http is allowed only for localhost, 127.0.0.1 and [::1]",
    ],
    [
      "credentials before the host",
      "https://user:pa%40ss@hooks.example.com/in",
      "url must not contain credentials (a user name or password before the host)",
    ],
    ["a fragment", "https://hooks.example.com/in#frag", "url must not contain a fragment (#…)"],
    ["an empty fragment", "https://hooks.example.com/in#", "url must not contain a fragment (#…)"],
  ])("refuses %s, naming the field and what to fix, never quoting the url", (_what, url, message) => {
    expect(webhookUrlProblem(url)).toBe(message);
  });

  it("names the character and its position, and credentials without a password", () => {
    expect(webhookUrlProblem("https://a.example/\u200bx")).toContain("it has \\u200b at position 19");
    expect(webhookUrlProblem("https://user@hooks.example.com/in")).toContain("credentials");
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
