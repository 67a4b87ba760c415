import { declareAccount } from "../../cli/import/declarations";
import type { AccountSnapshot } from "../../cli/import/read-account";
import { renderProgram } from "../../cli/import/render-program";
import type { Strategy } from "../../provider/model/strategy";
import { accountSnapshot, listedStrategy } from "./import-account";

const uuid = (i: number) => `${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`;

export const TAG_A = uuid(900);
export const TAG_B = uuid(901);

function snapshot(strategies: Strategy[]): AccountSnapshot {
  return accountSnapshot({
    strategies,
    developers: [
      { address: "DevNoAlias111111111111111111111111111111111", isActive: true, tagIds: [TAG_B, TAG_A] },
    ],
    // Two tags share a name: neither can be looked up by it.
    developerTags: [
      { id: TAG_A, name: "Twins" },
      { id: TAG_B, name: "Twins" },
    ],
    webhook: { enabled: false, url: "https://hooks.example.com/in", hasSecret: true },
  });
}

/**
 * The TypeScript program `strategy-alerts import` writes for an account whose names are
 * awkward (quotes, other scripts, leading digits, reserved words, long), shared by the unit test
 * of its text and the integration test that formats and type-checks it.
 */
export function awkwardProgram() {
  let n = 0;
  const strategy = (name: string, fields: Partial<Strategy> & { triggerConfigs?: unknown } = {}): Strategy =>
    listedStrategy(uuid(++n), name, { isActive: true, ...fields });
  const strategies = [
    strategy('Say "hello" to 100x'),
    strategy("日本語"),
    strategy("2x hunters"),
    strategy("delete"),
    strategy(`A ${"very ".repeat(20)}long strategy name`, { description: "It's \"quoted\" and it's fine" }),
    strategy("Mentions", {
      triggers: [{ id: "t", eventType: "microblog_mention_direct", enabled: true }],
      triggerConfigs: undefined,
      isActive: false,
    }),
  ];
  return { strategies, ...renderProgram(declareAccount(snapshot(strategies))) };
}
