/**
 * The provider's preview check of a webhook url and the emulator's PUT /webhook policy are one
 * rule: on generated urls (valid, with credentials, a fragment, plain http, hidden characters)
 * they refuse exactly the same ones, and both agree with the rule written out here from
 * docs/spec-decisions.md, so a url a preview passes is one `up` can set.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { webhookUrlProblem as emulatorPolicy } from "../../../emulator/delivery/webhook-url";
import { urlFailure } from "../../../provider/runtime/webhook-url";

const host = fc.oneof(
  fc.domain(),
  fc.constantFrom("localhost", "127.0.0.1", "[::1]", "127.0.0.2", "localhost.example.com", "LOCALHOST"),
);
const url = fc
  .record({
    scheme: fc.constantFrom("https", "http", "HTTPS", "ftp", "ws"),
    userinfo: fc.constantFrom("", "user@", "user:pa%40ss@", ":pw@"),
    host,
    port: fc.constantFrom("", ":8080", ":443"),
    path: fc.webPath(),
    query: fc.oneof(
      fc.constant(""),
      fc.webQueryParameters().map((q) => `?${q}`),
    ),
    fragment: fc.oneof(
      fc.constant(""),
      fc.constant("#"),
      fc.webFragments().map((f) => `#${f}`),
    ),
    noise: fc.constantFrom("", " ", "\t", "\u001b[2J", "\u200b", "\ufeff", "\u2028"),
    at: fc.nat(),
  })
  .map((p) => {
    const text = `${p.scheme}://${p.userinfo}${p.host}${p.port}${p.path}${p.query}${p.fragment}`;
    const at = p.at % (text.length + 1);
    return text.slice(0, at) + p.noise + text.slice(at);
  });

/** The rule as docs/spec-decisions.md states it, written independently of the model's code. */
function documentedRuleAccepts(raw: string): boolean {
  if (raw === "" || raw.length > 2048 || /[\s\p{Cc}\p{Cf}]/u.test(raw) || raw.includes("#")) return false;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.protocol === "http:")
    return ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname) && !u.username && !u.password;
  return u.protocol === "https:" && !u.username && !u.password;
}

describe("the runtime's url check and the emulator's url policy", () => {
  it("refuse exactly the same generated urls, as the documented rule does", () => {
    fc.assert(
      fc.property(url, (raw) => {
        const preview = urlFailure(raw);
        const service = emulatorPolicy(raw);
        expect(preview).toBe(service);
        expect(preview === undefined).toBe(documentedRuleAccepts(raw));
        if (preview !== undefined) expect(preview.startsWith("url must")).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuse any string alike", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (raw) => {
        expect(urlFailure(raw)).toBe(emulatorPolicy(raw));
      }),
    );
  });
});
