/**
 * The failures of one field's zod schema in the words of the hand-written checks (`name must be
 * at most 100 characters, got 101`, `retryPolicy.type is required`): the schema states the rule
 * once, this module only says it. validate-strategy.ts runs it for every field whose check needs
 * neither its siblings nor wording per item.
 */
import { z } from "zod";
import { isPlainObject } from "./validation-checks";
import { childPath, describeValue, formatPath, type ValidationIssue } from "./validation-issue";

/** How a list's failures are worded: what its elements are called, and what an empty one lacks. */
export interface ListWords {
  /** `entries` (triggers), `items` (rules). */
  readonly noun: string;
  /** The tail of the message of a list that must not be empty. */
  readonly empty: string;
}

/** The value at `segments` below `value` (own properties only), or undefined. */
function valueAt(value: unknown, segments: readonly PropertyKey[]): unknown {
  let here = value;
  for (const segment of segments) {
    if (Array.isArray(here) && typeof segment === "number") here = here[segment];
    else if (isPlainObject(here) && Object.hasOwn(here, String(segment))) here = here[String(segment)];
    else return undefined;
  }
  return here;
}

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

function lengthOf(value: unknown): number {
  return typeof value === "string" || Array.isArray(value) ? value.length : 0;
}

function typeTail(issue: z.core.$ZodIssueInvalidType, value: unknown): string {
  if (value === undefined) return "is required";
  if (issue.expected === "int") return `must be an integer, got ${describeValue(value)}`;
  if (issue.expected === "number") return `must be a finite number, got ${describeValue(value)}`;
  return `must be ${article(issue.expected)}, got ${describeValue(value)}`;
}

function sizeTail(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  value: unknown,
  list?: ListWords,
) {
  const small = issue.code === "too_small";
  const bound = Number(small ? (issue as z.core.$ZodIssueTooSmall).minimum : issue.maximum);
  const most = small ? "least" : "most";
  if (issue.origin === "string") {
    return small && bound === 1
      ? "must not be empty"
      : `must be at ${most} ${bound} characters, got ${lengthOf(value)}`;
  }
  if (issue.origin === "array") {
    if (small && bound === 1 && list) return list.empty;
    return `must have at ${most} ${bound} ${list?.noun ?? "items"}, got ${lengthOf(value)}`;
  }
  if (small && bound === 0) return `must not be negative, got ${describeValue(value)}`;
  return `must be at ${most} ${bound}, got ${describeValue(value)}`;
}

/** `schema` without its optional and nullable wrappers. */
function inner(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  return s;
}

/** An integer bounded on both sides is described by its range, whatever is wrong with the value. */
function rangeOf(schema: z.ZodType): string | undefined {
  const s = inner(schema);
  if (!(s instanceof z.ZodNumber) || !s.isInt) return undefined;
  const [min, max] = [s.minValue, s.maxValue];
  if (min === null || max === null || max >= Number.MAX_SAFE_INTEGER || min <= Number.MIN_SAFE_INTEGER)
    return undefined;
  return `must be an integer between ${min} and ${max}`;
}

/**
 * The failures of `value` (the field at `path`) against `schema`, unknown keys first, each
 * message starting with its path; none when it passes. `list` words the list's own failures.
 */
export function fieldIssues(
  schema: z.ZodType,
  value: unknown,
  path: string,
  list?: ListWords,
): ValidationIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const range = rangeOf(schema);
  if (range !== undefined) return [{ path, message: `${path} ${range}, got ${describeValue(value)}` }];
  const unknown: ValidationIssue[] = [];
  const others: ValidationIssue[] = [];
  for (const issue of result.error.issues) {
    const at = issue.path.length === 0 ? path : formatPath([path, ...issue.path]);
    const here = valueAt(value, issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        unknown.push({
          path: childPath(at, key),
          message: `${childPath(at, key)} is not a supported ${at} field`,
        });
      continue;
    }
    const tail =
      issue.code === "invalid_type"
        ? typeTail(issue, here)
        : issue.code === "too_small" || issue.code === "too_big"
          ? sizeTail(issue, here, list)
          : issue.message;
    others.push({ path: at, message: tail.startsWith(at) ? tail : `${at} ${tail}` });
  }
  return [...unknown, ...others];
}

/**
 * Only the failures of a list's own size (the elements are checked one by one elsewhere, with
 * their own words).
 */
export function listSizeIssues(
  schema: z.ZodType,
  value: readonly unknown[],
  path: string,
  list: ListWords,
): ValidationIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.path.length === 0 && (issue.code === "too_small" || issue.code === "too_big")
      ? [{ path, message: `${path} ${sizeTail(issue, value, list)}` }]
      : [],
  );
}
