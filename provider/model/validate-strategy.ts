/**
 * Validation of a Strategy create or update body with one message per failure, so a user
 * fixes everything in one round. It reports every failure and never throws: the provider's
 * `check` and the emulator's request handling both rely on that for arbitrary input.
 * The zod schemas run last as a safety net and produce the typed value.
 */
import type { z } from "zod";
import { fieldIssues, type ListWords, listSizeIssues } from "./field-issues";
import { plainTextIssue } from "./plain-text";
import type { StrategyInput, StrategyPatch } from "./plain-types";
import { checkRepeatedRules } from "./repeated-rules";
import {
  STRATEGY_BODY_FIELDS,
  STRATEGY_FIELD_SCHEMAS,
  StrategyInputSchema,
  StrategyPatchSchema,
} from "./strategy";
import { StrategyValidationError } from "./strategy-validation-error";
import {
  CONFIGURABLE_TRIGGERS,
  EVENT_TYPES,
  FOLLOWED_DEV_SCOPES,
  TAG_TRIGGERS,
  triggerConfigCrossIssues,
} from "./triggers";
import { validateRuleItem } from "./validate-rule-item";
import {
  checkOneOf,
  expectObject,
  has,
  IssueList,
  isPlainObject,
  own,
  type PlainObject,
  rejectUnknownKeys,
  requireField,
} from "./validation-checks";
import { childPath, describeValue, formatPath, type ValidationIssue } from "./validation-issue";

export type { ValidationIssue } from "./validation-issue";
export type ValidationMode = "create" | "update";
export type StrategyValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/** The fields a create must carry: those its schema does not let out. */
const REQUIRED_ON_CREATE = STRATEGY_BODY_FIELDS.filter(
  (key) => !StrategyInputSchema.shape[key].safeParse(undefined).success,
);
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `repeatedRules`: "refuse" (the default: a program declares each rule once) or "accept" (the
 * emulator: the spec does not forbid a service to store repeats; docs/spec-decisions.md, "Each
 * rule once"). `controlCharacters`: "refuse" (the default: names and descriptions are plain
 * text) or "accept" (the emulator: the spec says only that they are strings;
 * docs/spec-decisions.md, "Names and descriptions are plain text").
 */
type ValidationOptions = { repeatedRules?: "refuse" | "accept"; controlCharacters?: "refuse" | "accept" };

export function validateStrategyInput(
  input: unknown,
  mode: "create",
  options?: ValidationOptions,
): StrategyValidationResult<StrategyInput>;
export function validateStrategyInput(
  input: unknown,
  mode: "update",
  options?: ValidationOptions,
): StrategyValidationResult<StrategyPatch>;
export function validateStrategyInput(
  input: unknown,
  mode: ValidationMode,
  options?: ValidationOptions,
): StrategyValidationResult<StrategyInput | StrategyPatch>;
export function validateStrategyInput(
  input: unknown,
  mode: ValidationMode,
  options: ValidationOptions = {},
): StrategyValidationResult<StrategyInput | StrategyPatch> {
  try {
    const issues = new IssueList();
    checkStrategy(input, mode, issues);
    if (options.controlCharacters !== "accept" && isPlainObject(input)) checkTextFields(input, issues);
    if (options.repeatedRules !== "accept" && isPlainObject(input) && Array.isArray(input.rules))
      checkRepeatedRules(input.rules, issues);
    if (issues.items.length > 0) return { ok: false, issues: issues.items };
    const schema = mode === "create" ? StrategyInputSchema : StrategyPatchSchema;
    // An own key holding undefined counts as absent (as an optional Pulumi input does).
    const parsed = schema.safeParse(withoutUndefinedKeys(input));
    if (parsed.success) return { ok: true, value: parsed.data };
    return { ok: false, issues: fromZodIssues(parsed.error.issues) };
  } catch (error) {
    // Only exotic inputs (throwing getters, proxies) get here; report rather than crash.
    const reason = error instanceof Error ? error.message : describeValue(error);
    return { ok: false, issues: [{ path: "input", message: `input could not be validated: ${reason}` }] };
  }
}

export function assertValidStrategyInput(input: unknown, mode: "create"): StrategyInput;
export function assertValidStrategyInput(input: unknown, mode: "update"): StrategyPatch;
export function assertValidStrategyInput(input: unknown, mode: ValidationMode): StrategyInput | StrategyPatch;
export function assertValidStrategyInput(
  input: unknown,
  mode: ValidationMode,
): StrategyInput | StrategyPatch {
  const result = validateStrategyInput(input, mode);
  if (!result.ok) throw new StrategyValidationError(result.issues);
  return result.value;
}

function checkStrategy(input: unknown, mode: ValidationMode, issues: IssueList): void {
  if (!isPlainObject(input)) {
    issues.add("input", `must be a strategy object, got ${describeValue(input)}`);
    return;
  }
  rejectUnknownKeys(input, STRATEGY_BODY_FIELDS, "", issues, "strategy field");
  if (mode === "create") for (const key of REQUIRED_ON_CREATE) requireField(input, key, "", issues);

  let triggers: string[] | undefined;
  for (const key of STRATEGY_BODY_FIELDS) {
    if (key === "triggers") {
      if (has(input, key)) triggers = checkTriggers(input.triggers, mode, issues);
    } else if (key === "triggerConfigs") {
      if (has(input, key) && input.triggerConfigs !== null)
        checkTriggerConfigs(input.triggerConfigs, triggers, issues);
      else for (const issue of triggerConfigCrossIssues(triggers, undefined)) issues.push(issue);
    } else if (key === "rules") {
      if (has(input, key)) checkRules(input.rules, mode, issues);
    } else if (has(input, key)) {
      // Every other field's rules are its schema's (strategy.ts), worded by field-issues.ts.
      for (const issue of fieldIssues(STRATEGY_FIELD_SCHEMAS[key], withoutUndefinedKeys(input[key]), key))
        issues.push(issue);
    }
  }
}

/** A list's own size rules: the create schema's (not empty) or the patch's. */
function listSchema(key: "triggers" | "rules", mode: ValidationMode): z.ZodType {
  return mode === "create" ? StrategyInputSchema.shape[key] : STRATEGY_FIELD_SCHEMAS[key];
}

const TRIGGER_WORDS: ListWords = {
  noun: "entries",
  empty: `must not be empty; expected some of ${EVENT_TYPES.join(", ")}`,
};
const RULE_WORDS: ListWords = {
  noun: "items",
  empty: "must not be empty: a strategy needs at least one rule",
};

/** Names and descriptions are plain text (plain-text.ts); a field of another type is reported already. */
function checkTextFields(input: PlainObject, issues: IssueList): void {
  for (const [key, allowLineBreaks] of [
    ["name", false],
    ["description", true],
  ] as const) {
    const value = own(input, key);
    if (typeof value !== "string") continue;
    const issue = plainTextIssue(value, { path: key, allowLineBreaks });
    if (issue) issues.push(issue);
  }
}

/** Returns the valid eventTypes listed (for the cross-checks with triggerConfigs). */
function checkTriggers(value: unknown, mode: ValidationMode, issues: IssueList): string[] | undefined {
  if (!Array.isArray(value)) {
    issues.add("triggers", `must be an array of trigger eventTypes, got ${describeValue(value)}`);
    return undefined;
  }
  for (const issue of listSizeIssues(listSchema("triggers", mode), value, "triggers", TRIGGER_WORDS))
    issues.push(issue);
  const valid: string[] = [];
  value.forEach((trigger, i) => {
    const path = `triggers[${i}]`;
    if (typeof trigger !== "string" || !(EVENT_TYPES as readonly string[]).includes(trigger)) {
      checkOneOf(trigger, EVENT_TYPES, path, issues, "a trigger eventType");
    } else if (valid.includes(trigger)) {
      issues.add(path, `repeats ${describeValue(trigger)}`);
    } else {
      valid.push(trigger);
    }
  });
  return valid;
}

function checkTriggerConfigs(value: unknown, triggers: string[] | undefined, issues: IssueList): void {
  if (!expectObject(value, "triggerConfigs", issues)) return;
  for (const key of Object.keys(value)) {
    const path = childPath("triggerConfigs", key);
    if (!(EVENT_TYPES as readonly string[]).includes(key)) {
      issues.add(path, `is not a trigger eventType; expected one of ${CONFIGURABLE_TRIGGERS.join(", ")}`);
    } else if (!(CONFIGURABLE_TRIGGERS as readonly string[]).includes(key)) {
      if (value[key] !== undefined)
        issues.add(path, `is not allowed: the ${key} trigger takes no configuration`);
    } else if (value[key] !== undefined) {
      if ((TAG_TRIGGERS as readonly string[]).includes(key)) checkTagTriggerConfig(value[key], path, issues);
      else checkFollowedDevConfig(value[key], path, issues);
    }
  }
  for (const issue of triggerConfigCrossIssues(triggers, value)) issues.push(issue);
}

function checkTagTriggerConfig(config: unknown, path: string, issues: IssueList): void {
  if (!expectObject(config, path, issues)) return;
  rejectUnknownKeys(config, ["tagId"], path, issues, "field of this trigger config");
  // Absence is reported by the cross-check, which knows whether the trigger is used.
  if (has(config, "tagId")) {
    const tagId = config.tagId;
    if (tagId !== "all" && !(typeof tagId === "string" && GUID.test(tagId))) {
      issues.add(`${path}.tagId`, `must be "all" or a microblog tag id (UUID), got ${describeValue(tagId)}`);
    }
  }
}

function checkFollowedDevConfig(config: unknown, path: string, issues: IssueList): void {
  if (!expectObject(config, path, issues)) return;
  rejectUnknownKeys(
    config,
    ["scope", "tagId", "developerAddress"],
    path,
    issues,
    "field of this trigger config",
  );
  let scope: string | undefined = "all";
  if (has(config, "scope")) {
    checkOneOf(config.scope, FOLLOWED_DEV_SCOPES, `${path}.scope`, issues, "a followed-developer scope");
    scope = (FOLLOWED_DEV_SCOPES as readonly unknown[]).includes(config.scope)
      ? (config.scope as string)
      : undefined;
  }
  checkScopedField(
    config,
    "tagId",
    "tag",
    scope,
    path,
    issues,
    (v) => typeof v === "string" && GUID.test(v),
    "a developer tag id (UUID)",
  );
  checkScopedField(
    config,
    "developerAddress",
    "wallet",
    scope,
    path,
    issues,
    (v) => typeof v === "string" && v.trim().length > 0,
    "a non-empty wallet address",
  );
}

/** A field that belongs to exactly one scope: required there, rejected elsewhere. */
function checkScopedField(
  config: PlainObject,
  key: string,
  owner: string,
  scope: string | undefined,
  path: string,
  issues: IssueList,
  isValid: (v: unknown) => boolean,
  what: string,
): void {
  const p = `${path}.${key}`;
  if (has(config, key)) {
    if (!isValid(config[key])) issues.add(p, `must be ${what}, got ${describeValue(config[key])}`);
    else if (scope !== undefined && scope !== owner) issues.add(p, `is only allowed when scope is ${owner}`);
  } else if (scope === owner) {
    issues.add(p, `is required when scope is ${owner}`);
  }
}

function checkRules(value: unknown, mode: ValidationMode, issues: IssueList): void {
  if (!Array.isArray(value)) {
    issues.add("rules", `must be an array of rule items, got ${describeValue(value)}`);
    return;
  }
  for (const issue of listSizeIssues(listSchema("rules", mode), value, "rules", RULE_WORDS))
    issues.push(issue);
  value.forEach((item, i) => {
    validateRuleItem(item, `rules[${i}]`, issues);
  });
}

function withoutUndefinedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefinedKeys);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = withoutUndefinedKeys(v);
  return out;
}

function fromZodIssues(zodIssues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return zodIssues.map((issue) => {
    const path = formatPath(issue.path);
    return { path, message: issue.message.startsWith(path) ? issue.message : `${path} ${issue.message}` };
  });
}
