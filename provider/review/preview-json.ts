/**
 * What `pulumi preview --json` prints, read into one shape. Two forms are accepted:
 *  - the preview digest (one JSON document: `steps`, `diagnostics`, `changeSummary`), which is
 *    what `pulumi preview --json` prints by default;
 *  - the engine event stream (one JSON event per line), which `pulumi preview --json` prints with
 *    PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true (and an engine event log) writes. Only this form
 *    carries policy violations: the digest drops them.
 * Schemas are loose: the engine adds fields between versions and a review must not break on them.
 */
import { z } from "zod";
import type { ResourceKind } from "../model/plain-types";
import { resourceKindOf, typeOfUrn } from "../model/type-tokens";
import {
  describeDocument,
  describeJsonError,
  MAX_NESTING,
  nestingOf,
  notAPreview,
  PreviewParseError,
} from "./preview-input";

export { PreviewParseError };

/**
 * A resource's state in a step. Written out, with the schema held to it, so the review's published
 * declarations (the package root exports `renderReview`) need none of zod's.
 */
type PreviewState = {
  [key: string]: unknown;
  urn?: string | undefined;
  type?: string | undefined;
  id?: string | undefined;
  inputs?: Record<string, unknown> | null | undefined;
  outputs?: Record<string, unknown> | null | undefined;
  propertyDependencies?: Record<string, string[] | null | undefined> | null | undefined;
};

const StateSchema: z.ZodType<PreviewState> = z.looseObject({
  urn: z.string().optional(),
  type: z.string().optional(),
  id: z.string().optional(),
  inputs: z.record(z.string(), z.unknown()).nullish(),
  outputs: z.record(z.string(), z.unknown()).nullish(),
  propertyDependencies: z.record(z.string(), z.array(z.string()).nullish()).nullish(),
});

const StepSchema = z.looseObject({
  op: z.string(),
  urn: z.string(),
  type: z.string().optional(),
  oldState: StateSchema.nullish(),
  newState: StateSchema.nullish(),
  diffReasons: z.array(z.string()).nullish(),
  replaceReasons: z.array(z.string()).nullish(),
});

const DiagnosticSchema = z.looseObject({
  urn: z.string().nullish(),
  message: z.string().nullish(),
  severity: z.string().nullish(),
});

const DigestSchema = z.looseObject({
  steps: z.array(StepSchema).nullish(),
  diagnostics: z.array(DiagnosticSchema).nullish(),
  changeSummary: z.record(z.string(), z.number()).nullish(),
});

/** One resource operation the engine plans. */
export interface PlanStep {
  op: string;
  urn: string;
  type: string;
  /** Which of this package's resources it is (by its type token), or undefined for any other. */
  kind: ResourceKind | undefined;
  /** Resource name from the URN (the last `::` part). */
  name: string;
  old?: PreviewState | undefined;
  new?: PreviewState | undefined;
  /**
   * A replacement planned delete-before-create (`deleteBeforeReplace`): the engine deletes the
   * old object before it creates the new one. By default it creates first and deletes last.
   */
  deleteFirst?: boolean;
}

interface PlanDiagnostic {
  severity: string;
  message: string;
  urn?: string | undefined;
}

export interface PolicyViolation {
  policyPack: string;
  policyName: string;
  enforcementLevel: string;
  message: string;
  urn?: string | undefined;
}

export interface PreviewPlan {
  steps: PlanStep[];
  diagnostics: PlanDiagnostic[];
  policyViolations: PolicyViolation[];
  /** Whether the input was the event stream, which is the only form that can carry policy events. */
  fromEventStream: boolean;
}

function nameOfUrn(urn: string): string {
  return urn.split("::").pop() ?? urn;
}

function planStep(fields: Omit<PlanStep, "kind" | "name">): PlanStep {
  return { ...fields, kind: resourceKindOf(fields.type), name: nameOfUrn(fields.urn) };
}

/**
 * Parses the digest or the event stream. Anything that is not a complete preview is an error
 * saying what was expected and what was found: a review of it would read as "No changes".
 */
export function parsePreview(text: string): PreviewPlan {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed === "") throw notAPreview("an empty input");
  if (trimmed.includes("\u0000")) throw notAPreview("UTF-16 or binary data (NUL characters)");
  const depth = nestingOf(trimmed);
  if (depth > MAX_NESTING)
    throw notAPreview(`JSON nested more than ${MAX_NESTING} levels deep, which no preview is`);
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch (err) {
    // One event per line does not parse as a whole; a first line that is an event says it is a stream.
    if (startsWithEvent(trimmed)) return fromEvents(trimmed);
    throw notAPreview(describeJsonError(trimmed, err));
  }
  if (typeof whole === "object" && whole !== null && !Array.isArray(whole) && isEvent(whole))
    return fromEvents(trimmed);
  if (typeof whole !== "object" || whole === null || Array.isArray(whole) || !("changeSummary" in whole))
    throw notAPreview(describeDocument(whole));
  return fromDigest(whole);
}

function startsWithEvent(text: string): boolean {
  const first = text.slice(0, text.indexOf("\n") >= 0 ? text.indexOf("\n") : undefined).trim();
  try {
    const event = JSON.parse(first) as unknown;
    return typeof event === "object" && event !== null && isEvent(event);
  } catch {
    return false;
  }
}

function fromDigest(value: unknown): PreviewPlan {
  const parsed = DigestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw notAPreview(
      `a digest whose ${issue?.path.join(".") || "document"} does not fit: ${issue?.message ?? "invalid"}`,
    );
  }
  return {
    steps: dedupe(
      (parsed.data.steps ?? []).map((s) =>
        planStep({
          op: s.op,
          urn: s.urn,
          type: s.newState?.type ?? s.oldState?.type ?? typeOfUrn(s.urn),
          old: s.oldState ?? undefined,
          new: s.newState ?? undefined,
        }),
      ),
    ),
    diagnostics: (parsed.data.diagnostics ?? []).map((d) => ({
      severity: d.severity ?? "info",
      message: d.message ?? "",
      urn: d.urn ?? undefined,
    })),
    policyViolations: [],
    fromEventStream: false,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: engine events are an open, versioned JSON format.
type Event = Record<string, any>;

function isEvent(value: object): boolean {
  return (
    "sequence" in value || "timestamp" in value || "resourcePreEvent" in value || "summaryEvent" in value
  );
}

function readEvents(text: string): Event[] {
  const events: Event[] = [];
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    const l = line.trim();
    if (!l.startsWith("{")) continue;
    try {
      events.push(JSON.parse(l) as Event);
    } catch (err) {
      throw notAPreview(
        i === lines.length - 1
          ? `an engine event stream whose last line (${i + 1}) ends before it is complete: the preview was cut short`
          : `an engine event stream whose line ${i + 1} is ${describeJsonError(l, err)}`,
      );
    }
  }
  if (!events.some((e) => e?.summaryEvent)) {
    throw notAPreview(
      `an engine event stream of ${events.length} events without a summaryEvent: the preview was cut short before it ended`,
    );
  }
  return events;
}

function fromEvents(text: string): PreviewPlan {
  const events = readEvents(text);
  const steps: PlanStep[] = [];
  for (const e of events) {
    const m = e.resourcePreEvent?.metadata ?? e.resOutputsEvent?.metadata;
    if (!m || typeof m.urn !== "string") continue;
    steps.push(
      planStep({
        op: String(m.op),
        urn: m.urn,
        type: typeof m.type === "string" ? m.type : typeOfUrn(m.urn),
        old: m.old ?? undefined,
        new: m.new ?? undefined,
      }),
    );
  }
  return {
    steps: dedupe(steps),
    diagnostics: events
      .map((e) => e.diagnosticEvent)
      .filter((d): d is Event => Boolean(d) && !d.ephemeral && d.severity !== "debug")
      .map((d) => ({
        severity: String(d.severity ?? "info"),
        message: stripAnsi(`${d.prefix ?? ""}${d.message ?? ""}`),
        urn: d.urn || undefined,
      })),
    policyViolations: policyViolationsOf(events),
    fromEventStream: true,
  };
}

/** Policy violations of an engine event stream (`policyEvent`, one per violation). */
function policyViolationsOf(events: Event[]): PolicyViolation[] {
  return events
    .map((e) => e.policyEvent)
    .filter((p): p is Event => Boolean(p))
    .map((p) => ({
      policyPack: String(p.policyPackName ?? "policy pack"),
      policyName: String(p.policyName ?? "policy"),
      enforcementLevel: String(p.enforcementLevel ?? "advisory"),
      message: stripAnsi(String(p.message ?? "")).trim(),
      urn: p.resourceUrn || undefined,
    }));
}

/** Reads policy violations from an engine event log (JSON lines); other lines are ignored. */
export function parsePolicyEvents(text: string): PolicyViolation[] {
  const events: Event[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    try {
      events.push(JSON.parse(line) as Event);
    } catch {
      // A partial last line of a log still being written: nothing to report from it.
    }
  }
  return policyViolationsOf(events);
}

const REPLACEMENT_OPS = new Set(["create-replacement", "replace", "delete-replaced"]);

/**
 * One step per resource: the event stream has a pre and an outputs event per step, and a
 * `--refresh` preview reports the refresh of a resource before the step the program plans for
 * it. The step the program plans (the last non-refresh one) is what `pulumi up` would do. The
 * steps of one replacement (create-replacement, replace, delete-replaced) are one `replace`
 * with the old state of the old object and the new state of the new one; which of its halves
 * comes first says whether the old object is deleted before the new one is created.
 */
function dedupe(steps: PlanStep[]): PlanStep[] {
  const byUrn = new Map<string, PlanStep>();
  for (const s of steps) {
    const seen = byUrn.get(s.urn);
    if (seen && s.op === "refresh") continue;
    if (REPLACEMENT_OPS.has(s.op)) {
      byUrn.set(s.urn, replacementOf(seen, s));
      continue;
    }
    byUrn.set(s.urn, seen && s.op === seen.op ? { ...seen, ...definedOnly(s) } : s);
  }
  return [...byUrn.values()];
}

function replacementOf(seen: PlanStep | undefined, s: PlanStep): PlanStep {
  if (seen?.op !== "replace") return { ...s, op: "replace", deleteFirst: s.op === "delete-replaced" };
  return {
    ...seen,
    // The delete half's state is the old object's; the others carry the new one.
    old: seen.old ?? s.old,
    new: s.op === "delete-replaced" ? seen.new : (s.new ?? seen.new),
  };
}

function definedOnly(s: PlanStep): Partial<PlanStep> {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined));
}

function stripAnsi(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are control characters.
  return s.replace(/\u001b\[[0-9;]*m/g, "").replace(/<\{%[^%]*%\}>/g, "");
}
