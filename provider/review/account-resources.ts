/**
 * Webhook, followed developers and developer tags in a review. Secrets are never printed: the
 * signing secret is an output the review never reads, a secret input shows as "(secret)", a
 * rotation says only that it was requested, and a URL loses whatever may authenticate to it.
 */
import { stableStringify } from "../model/canonical";
import { KINDS, type ResourceKind } from "../model/kinds";
import { printableUrl } from "../model/url-credentials";
import type { PlanStep } from "./preview-json";
import type { ObjectKind } from "./same-object";
import { type Names, tagName } from "./strategy-diff";
import { code, isUnknownValue, joinMd, type Md, md, quote, text, UNKNOWN_WORDS } from "./words";

// biome-ignore lint/suspicious/noExplicitAny: inputs come from the engine as untyped JSON.
type Bag = Record<string, any>;

const SECRET = "[secret]";

/** A URL as the report shows it: masked by the package's one URL masking, in a code span. */
export function urlWords(url: unknown): Md {
  if (url === null || url === undefined || url === "") return md`none`;
  if (isUnknownValue(url)) return UNKNOWN_WORDS;
  // A url is a string or null: an object is how the engine's event stream carries a secret one.
  if (url === SECRET || (typeof url === "object" && url !== null)) return md`(secret)`;
  const shown = printableUrl(String(url));
  return shown === "(not a valid URL)" ? md`(not a valid URL)` : code(shown);
}
const inputsOf = (state: PlanStep["old"]): Bag => (state?.inputs ?? {}) as Bag;
const same = (a: unknown, b: unknown) => stableStringify(a ?? null) === stableStringify(b ?? null);

function webhookStatements(step: PlanStep): Md[] {
  const a = inputsOf(step.old);
  const b = inputsOf(step.new);
  if (step.op === "create") {
    return [
      md`Webhook set to ${urlWords(b.url)}, ${b.enabled === false ? md`disabled` : md`enabled`}${b.requireVerified === false ? md`, unverified allowed` : md``}`,
      ...(b.url
        ? [
            md`The service verifies the URL (signed challenge) and generates a signing secret (kept as a Pulumi secret).`,
          ]
        : []),
    ];
  }
  // What a delete does is the effect line; only the URL it clears is told here.
  if (step.op === "delete") return a.url ? [md`Webhook URL cleared: ${urlWords(a.url)} → none`] : [];
  const out: Md[] = [];
  if (!same(a.url, b.url)) {
    out.push(md`Webhook URL: ${urlWords(a.url)} → ${urlWords(b.url)}`);
    if (b.url)
      out.push(md`The new URL must answer the verification challenge; verifiedAt resets until it does.`);
    else out.push(md`Clearing the URL also removes the signing secret.`);
  }
  if (!same(a.enabled ?? false, b.enabled ?? false))
    out.push(b.enabled ? md`Webhook enabled` : md`Webhook disabled`);
  if (!same(a.requireVerified ?? true, b.requireVerified ?? true)) {
    out.push(
      b.requireVerified === false
        ? md`An unverified URL no longer fails the update`
        : md`An unverified URL now fails the update`,
    );
  }
  if (!same(a.rotation, b.rotation))
    out.push(md`Signing secret rotation requested (the new secret is never shown here)`);
  return out;
}

function developerStatements(step: PlanStep): Md[] {
  const a = inputsOf(step.old);
  const b = inputsOf(step.new);
  const address = (bag: Bag) =>
    isUnknownValue(bag.address) ? UNKNOWN_WORDS : code(String(bag.address ?? step.name));
  const alias = (v: unknown) =>
    v === undefined || v === null ? md`none` : isUnknownValue(v) ? UNKNOWN_WORDS : quote(String(v));
  if (step.op === "create") {
    return [
      md`Follow developer ${address(b)}${b.alias ? md` as ${alias(b.alias)}` : md``}${b.active === false ? md` (inactive)` : md``}`,
    ];
  }
  if (step.op === "delete") return [];
  const out: Md[] = [];
  if (!same(a.address, b.address)) out.push(md`Developer address: ${address(a)} → ${address(b)}`);
  if (!same(a.alias, b.alias)) out.push(md`Alias of ${address(b)}: ${alias(a.alias)} → ${alias(b.alias)}`);
  if (!same(a.active ?? true, b.active ?? true))
    out.push(md`Developer ${address(b)} ${b.active === false ? md`paused (inactive)` : md`active again`}`);
  return out;
}

function developerTagStatements(step: PlanStep, names: Names): Md[] {
  const a = inputsOf(step.old);
  const b = inputsOf(step.new);
  const address = isUnknownValue(b.address ?? a.address)
    ? UNKNOWN_WORDS
    : code(String(b.address ?? a.address ?? step.name));
  const tags = (bag: Bag): unknown[] => (Array.isArray(bag.tagIds) ? bag.tagIds : []);
  const list = (ids: unknown[]) =>
    joinMd(
      ids.map((t) => tagName(t, names)),
      ", ",
    );
  if (step.op === "delete") return tags(a).length > 0 ? [md`Tags this stack declared: ${list(tags(a))}`] : [];
  if (isUnknownValue(b.tagIds) || tags(b).some(isUnknownValue))
    return [md`Tags of ${address}: ${UNKNOWN_WORDS}`];
  const before = step.op === "create" ? [] : tags(a);
  const added = tags(b).filter((t) => !before.includes(t));
  const removed = before.filter((t) => !tags(b).includes(t));
  return [
    ...(added.length > 0 ? [md`Tags added to ${address}: ${list(added)}`] : []),
    ...(removed.length > 0 ? [md`Tags removed from ${address}: ${list(removed)}`] : []),
    ...(step.op === "create" && added.length === 0 ? [md`Tags of ${address}: none`] : []),
  ];
}

/**
 * The statements of each account-level kind: every kind but the strategies and the activation,
 * which have sections of their own. A kind without an entry does not compile, so none vanishes
 * from the review.
 */
const STATEMENTS: {
  readonly [K in Exclude<ResourceKind, "Strategy" | "StrategyActivation">]: (
    step: PlanStep,
    names: Names,
  ) => Md[];
} = {
  Webhook: webhookStatements,
  FollowedDeveloper: developerStatements,
  DeveloperTags: developerTagStatements,
};

/** The account-level kinds, each with its section heading (its descriptor's) and its statements. */
export const ACCOUNT_KINDS: readonly {
  kind: ObjectKind;
  heading: Md;
  statements: (step: PlanStep, names: Names) => Md[];
}[] = (Object.keys(STATEMENTS) as ObjectKind[]).map((kind) => ({
  kind,
  heading: text(KINDS[kind].heading),
  statements: STATEMENTS[kind],
}));
