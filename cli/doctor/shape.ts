/**
 * Compares an answer with the client's zod schema beyond "does it parse": which fields the
 * schema does not know (the service adds them) and which optional fields are absent (the service
 * omits them). The client's schemas are loose, so neither breaks it; the doctor reports both.
 */
import type { z } from "zod";
import { formatPath } from "../../provider/model/validation-issue";

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** `strategies[3].triggers[0].id: Invalid input: expected string, received number`. */
export function firstParseProblem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (!issue) return "does not parse";
  return `${formatPath(issue.path, "") || "(the body)"}: ${issue.message}`;
}

export interface FieldReport {
  /** Paths (arrays as `[]`) of fields the schema does not define. */
  extra: Set<string>;
  /** Paths of optional fields the schema defines that the answer left out. */
  omitted: Set<string>;
}

export function compareFields(schema: z.ZodType, value: unknown, root: string): FieldReport {
  const report: FieldReport = { extra: new Set(), omitted: new Set() };
  walk(schema, value, root, report);
  return report;
}

function isOptional(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === "optional" || def.type === "default" || def.type === "prefault") return true;
  if (def.type === "nullable" && def.innerType) return isOptional(def.innerType);
  return false;
}

function walk(schema: z.ZodType, value: unknown, path: string, report: FieldReport): void {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      if (value !== undefined && value !== null && def.innerType) walk(def.innerType, value, path, report);
      return;
    case "lazy":
      if (def.getter) walk(def.getter(), value, path, report);
      return;
    case "pipe":
      if (def.in) walk(def.in, value, path, report);
      return;
    case "union": {
      const match = def.options?.find((o) => o.safeParse(value).success);
      if (match) walk(match, value, path, report);
      return;
    }
    case "array":
      if (Array.isArray(value) && def.element)
        for (const item of value) walk(def.element, item, `${path}[]`, report);
      return;
    case "record":
      if (isPlainObject(value) && def.valueType)
        for (const v of Object.values(value)) walk(def.valueType, v, `${path}.*`, report);
      return;
    case "object": {
      if (!isPlainObject(value) || !def.shape) return;
      for (const key of Object.keys(value)) if (!(key in def.shape)) report.extra.add(`${path}.${key}`);
      for (const [key, field] of Object.entries(def.shape)) {
        if (value[key] === undefined) {
          if (isOptional(field)) report.omitted.add(`${path}.${key}`);
        } else walk(field, value[key], `${path}.${key}`, report);
      }
      return;
    }
    default:
      return;
  }
}
