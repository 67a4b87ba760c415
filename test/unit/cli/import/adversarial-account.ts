/**
 * Account data that tries to break out of what import writes (adversarial names, aliases and
 * descriptions), and what import declares for it, for the YAML, TypeScript, declarations and
 * `pulumi import --file` tests of this directory.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Pulumi YAML interpolations are plain strings.
import type { AccountSnapshot } from "../../../../cli/import/read-account";
import { type PlainTextField, plainTextIssue, plainTextOf } from "../../../../provider/model/plain-text";
import { accountSnapshot, listedStrategy } from "../../../support/import-account";
import { BREAKOUT, textFrom } from "./hostile-text";

/** Text that ends lines, quotes, comments, interpolates, aliases, tags or rewrites a terminal. */
const HOSTILE = [
  ...BREAKOUT.lineEnds,
  ...BREAKOUT.quotes,
  "${dev.address}",
  "$${literal}",
  "$",
  ...BREAKOUT.comments,
  "key: value",
  "- item",
  "&anchor *alias !!tag",
  "---",
  "...",
  ...BREAKOUT.terminal,
  "null",
  "true",
  "0x1F",
  "日本語 🚀",
];

export const hostile = textFrom(HOSTILE);

/** What must never be written raw: controls other than a line feed, line separators, invisibles. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching controls is the point.
export const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e]/;

export const ADDRESS = "DevAddr1111111111111111111111111111111111111";

export function snapshot(
  names: string[],
  alias: string,
  description: string,
  webhookUrl: string,
): AccountSnapshot {
  return accountSnapshot({
    strategies: names.map((name, i) =>
      listedStrategy(strategyId(i), name, {
        description: i === 0 && description !== "" ? description : null,
        triggers: [{ id: "t", eventType: "followed_dev_new_token_created", enabled: true }],
        isActive: i % 2 === 0,
        triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: ADDRESS } },
      }),
    ),
    developers: [
      { address: ADDRESS, alias, isActive: true, tagIds: ["0000aaaa-0000-4000-8000-000000000001"] },
    ],
    developerTags: [{ id: "0000aaaa-0000-4000-8000-000000000001", name: alias }],
    webhook: { enabled: true, url: webhookUrl, hasSecret: true, verifiedAt: "2026-11-01T00:00:00.000Z" },
  });
}

const NAME: PlainTextField = { path: "name", allowLineBreaks: false };
export const DESCRIPTION: PlainTextField = { path: "description", allowLineBreaks: true };
export const ALIAS: PlainTextField = { path: "alias", allowLineBreaks: false };

/**
 * What import declares for account text: the text itself where the plain-text rule allows it,
 * else its plain text, else the stand-in (a program may not declare what its preview refuses).
 */
export function declaredText(text: string, field: PlainTextField, standIn: string | null | undefined) {
  if (plainTextIssue(text, field) === undefined) return text;
  return plainTextOf(text, field) ?? standIn;
}
const strategyId = (i: number) => `${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`;
export const declaredNames = (names: string[]) =>
  names.map((name, i) => declaredText(name, NAME, `Strategy ${strategyId(i)}`));
