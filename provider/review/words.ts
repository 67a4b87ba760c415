/**
 * Values in words, the same way everywhere in a review: numbers with thousands separators
 * (fixed to en-US so a report does not depend on the runner's locale), values Pulumi cannot
 * know before apply, and any other value through the escaping layer.
 */
import { cutText } from "../model/quoted-text";
import { isUnknown } from "../model/unknown-value";
import { code, formatNumber, joinMd, type Md, md, quote, text } from "./markdown";

export { code, joinMd, type Md, md, quote, text };

/** The longest string value shown whole; a longer one is cut, with its length. */
const SHOWN_VALUE = 200;

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

/** Digits, separators, a sign and a point: Markdown as it is. */
export function num(n: number): Md {
  return formatNumber(n, NUMBER);
}

export const UNKNOWN_WORDS = md`(known after apply)`;

export function isUnknownValue(value: unknown): boolean {
  return isUnknown(value);
}

/** Any JSON value in words: numbers formatted, strings as text, lists joined, objects as k v pairs. */
export function value(v: unknown): Md {
  if (isUnknownValue(v)) return UNKNOWN_WORDS;
  if (v === undefined || v === null) return md`none`;
  if (typeof v === "number") return num(v);
  if (typeof v === "string") return text(cutText(v, SHOWN_VALUE));
  if (typeof v === "boolean") return v ? md`on` : md`off`;
  if (Array.isArray(v)) return v.length === 0 ? md`none` : joinMd(v.map(value), ", ");
  if (typeof v === "object") {
    return joinMd(
      Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => md`${text(k)} ${value(x)}`),
      ", ",
    );
  }
  return text(String(v));
}

/** `3 rules`: the count and a word the code chose. */
export function plural(n: number, one: string, many = `${one}s`): Md {
  return text(`${n} ${n === 1 ? one : many}`);
}
