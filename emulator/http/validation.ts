import { z } from "zod";
import { badRequest, type Issue } from "./errors";

/**
 * Request parsing for the emulator's own (non-strategy) inputs. Schemas are strict: an unknown
 * body field or query parameter is a 400, so a client typo is found at once rather than
 * silently ignored. Messages name the field, e.g. `query.limit: must be an integer from 1 to 100`.
 */

export function zodIssues(error: z.ZodError, root: string): Issue[] {
  return error.issues.map((i) => {
    const path = formatPath(root, i.path);
    if (i.code === "unrecognized_keys") {
      const keys = i.keys.map((k) => formatPath(root, [...i.path, k]));
      const what = root === "query" ? "query parameter" : "field";
      return { path, message: `${keys.join(", ")}: unknown ${what}${keys.length === 1 ? "" : "s"}` };
    }
    return { path, message: `${path}: ${i.message}` };
  });
}

function formatPath(root: string, path: readonly PropertyKey[]): string {
  let out = root;
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || "body";
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest([{ path: "body", message: "body: must be a JSON object" }]);
  }
  const r = schema.safeParse(body);
  if (!r.success) throw badRequest(zodIssues(r.error, "body"));
  return r.data;
}

/** Like parseBody, but a missing body counts as `{}` (for requests whose fields are all optional). */
export function parseOptionalBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  return parseBody(schema, body === undefined ? {} : body);
}

export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const r = schema.safeParse(query ?? {});
  if (!r.success) throw badRequest(zodIssues(r.error, "query"));
  return r.data;
}

// Query values arrive as strings (arrays when repeated, which the scalar schemas reject).
const intString = (min: number, max: number) =>
  z
    .string({ error: `must be an integer from ${min} to ${max}` })
    .regex(/^\d{1,9}$/, `must be an integer from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be an integer from ${min} to ${max}`);

export const q = {
  page: () => intString(1, 1_000_000).optional(),
  limit: (max: number) => intString(1, max).optional(),
  bool: () =>
    z
      .enum(["true", "false"], { error: "must be true or false" })
      .transform((v) => v === "true")
      .optional(),
  oneOf: <T extends string>(values: readonly T[]) =>
    z.enum(values, { error: `must be one of ${values.join(", ")}` }).optional(),
  uuid: () => z.uuid({ error: "must be a UUID" }).optional(),
  text: (max: number) =>
    z
      .string({ error: "must be a single string" })
      .min(1, "must not be empty")
      .max(max, `must be at most ${max} characters`)
      .optional(),
};

const NOTHING = z.strictObject({});

/**
 * One rule for every route (docs/spec-decisions.md, "Unknown input"): a query parameter or
 * body field the route does not define is a 400 naming it, also on routes that take none.
 * A route without a query calls this so `?foo=1` is refused like on any other route.
 */
export function noQuery(query: unknown): void {
  parseQuery(NOTHING, query);
}

/** For routes without a body (activate, DELETE, …): no body or `{}` is fine, any field is a 400. */
export function noBody(body: unknown): void {
  if (body !== undefined) parseBody(NOTHING, body);
}
