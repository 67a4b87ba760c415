/**
 * Webhook, followed developers and developer tags in a review. Secrets are never printed: the
 * signing secret is an output the review never reads, a secret input shows as "(secret)", a
 * rotation says only that it was requested, and a URL loses its credentials and query values.
 */
import { stableStringify } from "../model/canonical";
import { TYPE_TOKENS } from "../resources/type-tokens";
import type { PlanStep } from "./preview-json";
import { type Names, tagName } from "./strategy-diff";
import { code, isUnknownValue, UNKNOWN_WORDS } from "./words";

// biome-ignore lint/suspicious/noExplicitAny: inputs come from the engine as untyped JSON.
type Bag = Record<string, any>;

const SECRET = "[secret]";

/** A URL without what may authenticate to it: user info removed, query values masked. */
export function safeUrl(url: unknown): string {
  if (url === null || url === undefined) return "none";
  if (isUnknownValue(url)) return UNKNOWN_WORDS;
  if (url === SECRET) return "(secret)";
  try {
    const u = new URL(String(url));
    u.username = "";
    u.password = "";
    for (const key of [...u.searchParams.keys()]) u.searchParams.set(key, "***");
    u.hash = "";
    return code(u.toString().replace(/%2A%2A%2A/g, "***"));
  } catch {
    return "(not a valid URL)";
  }
}

const inputsOf = (state: PlanStep["old"]): Bag => (state?.inputs ?? {}) as Bag;
const same = (a: unknown, b: unknown) => stableStringify(a ?? null) === stableStringify(b ?? null);

export function webhookStatements(step: PlanStep): string[] {
  const a = inputsOf(step.old);
  const b = inputsOf(step.new);
  if (step.op === "create") {
    return [
      `Webhook set to ${safeUrl(b.url)}, ${b.enabled === false ? "disabled" : "enabled"}${b.requireVerified === false ? ", unverified allowed" : ""}`,
      ...(b.url
        ? [
            "The service verifies the URL (signed challenge) and generates a signing secret (kept as a Pulumi secret).",
          ]
        : []),
    ];
  }
  if (step.op === "delete")
    return ["Webhook no longer managed by this stack (the account's webhook configuration is left as it is)"];
  const out: string[] = [];
  if (!same(a.url, b.url)) {
    out.push(`Webhook URL: ${safeUrl(a.url)} → ${safeUrl(b.url)}`);
    if (b.url)
      out.push("The new URL must answer the verification challenge; verifiedAt resets until it does.");
    else out.push("Clearing the URL also removes the signing secret.");
  }
  if (!same(a.enabled ?? false, b.enabled ?? false))
    out.push(b.enabled ? "Webhook enabled" : "Webhook disabled");
  if (!same(a.requireVerified ?? true, b.requireVerified ?? true)) {
    out.push(
      b.requireVerified === false
        ? "An unverified URL no longer fails the update"
        : "An unverified URL now fails the update",
    );
  }
  if (!same(a.rotation, b.rotation))
    out.push("Signing secret rotation requested (the new secret is never shown here)");
  return out;
}

export function developerStatements(step: PlanStep): string[] {
  const a = inputsOf(step.old);
  const b = inputsOf(step.new);
  const address = (bag: Bag) =>
    isUnknownValue(bag.address) ? UNKNOWN_WORDS : code(String(bag.address ?? step.name));
  const alias = (v: unknown) =>
    v === undefined || v === null ? "none" : isUnknownValue(v) ? UNKNOWN_WORDS : `“${String(v)}”`;
  if (step.op === "create") {
    return [
      `Follow developer ${address(b)}${b.alias ? ` as ${alias(b.alias)}` : ""}${b.active === false ? " (inactive)" : ""}`,
    ];
  }
  if (step.op === "delete") return [`Unfollow developer ${address(a)}`];
  const out: string[] = [];
  if (!same(a.address, b.address)) out.push(`Developer address: ${address(a)} → ${address(b)}`);
  if (!same(a.alias, b.alias)) out.push(`Alias of ${address(b)}: ${alias(a.alias)} → ${alias(b.alias)}`);
  if (!same(a.active ?? true, b.active ?? true))
    out.push(`Developer ${address(b)} ${b.active === false ? "paused (inactive)" : "active again"}`);
  return out;
}

export function developerTagStatements(step: PlanStep, names: Names): string[] {
  const a = inputsOf(step.old);
  const b = inputsOf(step.new);
  const address = isUnknownValue(b.address ?? a.address)
    ? UNKNOWN_WORDS
    : code(String(b.address ?? a.address ?? step.name));
  const tags = (bag: Bag): unknown[] => (Array.isArray(bag.tagIds) ? bag.tagIds : []);
  if (step.op === "delete") return [`Tags of ${address} no longer managed by this stack`];
  if (isUnknownValue(b.tagIds) || tags(b).some(isUnknownValue))
    return [`Tags of ${address}: ${UNKNOWN_WORDS}`];
  const before = step.op === "create" ? [] : tags(a);
  const added = tags(b).filter((t) => !before.includes(t));
  const removed = before.filter((t) => !tags(b).includes(t));
  const list = (ids: unknown[]) => ids.map((t) => tagName(t, names)).join(", ");
  return [
    ...(added.length > 0 ? [`Tags added to ${address}: ${list(added)}`] : []),
    ...(removed.length > 0 ? [`Tags removed from ${address}: ${list(removed)}`] : []),
    ...(step.op === "create" && added.length === 0 ? [`Tags of ${address}: none`] : []),
  ];
}

export const ACCOUNT_KINDS = {
  [TYPE_TOKENS.Webhook]: "Webhook",
  [TYPE_TOKENS.FollowedDeveloper]: "Followed developers",
  [TYPE_TOKENS.DeveloperTags]: "Developer tags",
} as const;
