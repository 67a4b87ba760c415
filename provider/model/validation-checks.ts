/**
 * Building blocks of the hand-written validators. They read only own properties (so an
 * inherited or `__proto__` key is never mistaken for a field) and report instead of throwing.
 */
import { childPath, describeValue, type ValidationIssue } from "./validation-issue";

export type PlainObject = Readonly<Record<string, unknown>>;

export class IssueList {
  readonly items: ValidationIssue[] = [];

  /** Records `${path} ${tail}`, so every message starts with the path it names. */
  add(path: string, tail: string): void {
    this.items.push({ path, message: `${path} ${tail}` });
  }

  push(issue: ValidationIssue): void {
    this.items.push(issue);
  }
}

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An own property, or undefined when the object does not itself carry the key. */
export function own(obj: PlainObject, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

export function has(obj: PlainObject, key: string): boolean {
  return Object.hasOwn(obj, key) && obj[key] !== undefined;
}

export function rejectUnknownKeys(
  obj: PlainObject,
  allowed: readonly string[],
  path: string,
  issues: IssueList,
  what: string,
): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) issues.add(childPath(path, key), `is not a supported ${what}`);
  }
}

export function expectObject(value: unknown, path: string, issues: IssueList): value is PlainObject {
  if (isPlainObject(value)) return true;
  issues.add(path, `must be an object, got ${describeValue(value)}`);
  return false;
}

export function checkBoolean(value: unknown, path: string, issues: IssueList): void {
  if (typeof value !== "boolean") issues.add(path, `must be a boolean, got ${describeValue(value)}`);
}

export type NumberRule = { min?: number; max?: number; integer?: boolean };

/** Checks a number; returns it when valid so callers can compare it with its siblings. */
export function checkNumber(
  value: unknown,
  path: string,
  issues: IssueList,
  rule: NumberRule = {},
): number | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    issues.add(path, `must be a finite number, got ${describeValue(value)}`);
    return undefined;
  }
  const before = issues.items.length;
  if (rule.integer && !Number.isInteger(value)) issues.add(path, `must be an integer, got ${value}`);
  if (rule.min === 0 && value < 0) issues.add(path, `must not be negative, got ${value}`);
  else if (rule.min !== undefined && value < rule.min)
    issues.add(path, `must be at least ${rule.min}, got ${value}`);
  if (rule.max !== undefined && value > rule.max)
    issues.add(path, `must be at most ${rule.max}, got ${value}`);
  return issues.items.length === before ? value : undefined;
}

export function checkOneOf(
  value: unknown,
  allowed: readonly string[],
  path: string,
  issues: IssueList,
  what: string,
): void {
  if (typeof value === "string" && allowed.includes(value)) return;
  issues.add(path, `${describeValue(value)} is not ${what}; expected one of ${allowed.join(", ")}`);
}

/** A required field: reports its absence and returns whether there is something to check. */
export function requireField(obj: PlainObject, key: string, path: string, issues: IssueList): boolean {
  if (has(obj, key)) return true;
  issues.add(childPath(path, key), "is required");
  return false;
}
