/**
 * Values in words, the same way everywhere in a review: numbers with thousands separators
 * (fixed to en-US so a report does not depend on the runner's locale), values Pulumi cannot
 * know before apply, and Markdown-safe inline text.
 */
import { UNKNOWN } from "../runtime/inputs";

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

export function num(n: number): string {
  return NUMBER.format(n);
}

export const UNKNOWN_WORDS = "(known after apply)";

export function isUnknownValue(value: unknown): boolean {
  return value === UNKNOWN;
}

/** Inline code that survives backticks in the value. */
export function code(text: string): string {
  const clean = text.replace(/\r?\n/g, " ");
  return clean.includes("`") ? `\`\` ${clean} \`\`` : `\`${clean}\``;
}

/** Free text (names, descriptions) quoted, on one line, without Markdown or HTML effects. */
export function quote(text: string, max = 200): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  const short = oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
  return `“${escapeMarkdown(short)}”`;
}

export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_{}[\]<>()#+!|~])/g, "\\$1");
}

/** Any JSON value in words: numbers formatted, strings bare, lists joined, objects as k v pairs. */
export function value(v: unknown): string {
  if (isUnknownValue(v)) return UNKNOWN_WORDS;
  if (v === undefined || v === null) return "none";
  if (typeof v === "number") return num(v);
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "on" : "off";
  if (Array.isArray(v)) return v.length === 0 ? "none" : v.map(value).join(", ");
  if (typeof v === "object") {
    return Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${k} ${value(x)}`)
      .join(", ");
  }
  return String(v);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
