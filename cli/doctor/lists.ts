/**
 * Every list endpoint parsed through the client's own schemas, then compared across answers:
 * fields the client does not know, optional fields left out, and the default orders.
 */
import type { z } from "zod";
import { AccountSchema } from "../../provider/model/schemas/account";
import { BacktestPageSchema } from "../../provider/model/schemas/backtest";
import { DeveloperPageSchema, DevTagListSchema } from "../../provider/model/schemas/developer";
import { EvaluationPageSchema } from "../../provider/model/schemas/evaluation";
import { MicroblogHandleListSchema, MicroblogTagListSchema } from "../../provider/model/schemas/microblog";
import { NotificationPageSchema } from "../../provider/model/schemas/notification";
import { StrategyListResponseSchema } from "../../provider/model/schemas/strategy-responses";
import { WebhookConfigSchema } from "../../provider/model/schemas/webhook";
import { breaks, type Check, type DoctorContext, differs, notObservable, same } from "./check";
import type { DoctorResponse } from "./http";
import { compareFields, firstParseProblem } from "./shape";
import { describeBody } from "./text";

interface ListEndpoint {
  path: string;
  schema: z.ZodType;
  /** The answer's records (for counts and orders). */
  items(json: Record<string, unknown>): unknown[];
  noun: string;
  /** The default order the emulator uses and the timestamp it is by; undefined: not compared. */
  order?: { field: string; emulator: "asc" | "desc" };
}

const arrayAt = (key: string) => (json: Record<string, unknown>) =>
  Array.isArray(json[key]) ? (json[key] as unknown[]) : [];

const LIST_ENDPOINTS: readonly ListEndpoint[] = [
  {
    path: "/strategies",
    schema: StrategyListResponseSchema,
    items: arrayAt("strategies"),
    noun: "strategies",
    order: { field: "createdAt", emulator: "asc" },
  },
  {
    path: "/strategy-evaluations",
    schema: EvaluationPageSchema,
    items: arrayAt("items"),
    noun: "evaluations",
    order: { field: "createdAt", emulator: "desc" },
  },
  {
    path: "/backtests",
    schema: BacktestPageSchema,
    items: arrayAt("items"),
    noun: "jobs",
    order: { field: "createdAt", emulator: "desc" },
  },
  {
    path: "/notifications",
    schema: NotificationPageSchema,
    items: arrayAt("items"),
    noun: "notifications",
    order: { field: "createdAt", emulator: "desc" },
  },
  {
    path: "/microblog/handles",
    schema: MicroblogHandleListSchema,
    items: arrayAt("handles"),
    noun: "handles",
  },
  { path: "/microblog/tags", schema: MicroblogTagListSchema, items: arrayAt("tags"), noun: "tags" },
  {
    path: "/devs/my",
    schema: DeveloperPageSchema,
    items: arrayAt("developers"),
    noun: "developers",
    order: { field: "addedAt", emulator: "asc" },
  },
  {
    path: "/devs/tags",
    schema: DevTagListSchema,
    items: (json) => (Array.isArray(json) ? json : arrayAt("tags")(json)),
    noun: "tags",
  },
  { path: "/webhook", schema: WebhookConfigSchema, items: () => [], noun: "" },
];

const answerKey = (path: string) => `GET ${path}`;

function listCheck(endpoint: ListEndpoint): Check {
  return {
    item: `GET ${endpoint.path}`,
    spec: "parses as the endpoint's table shows it",
    emulatorReading: "parses with the client's schema",
    async observe(ctx) {
      const res = await ctx.http.send("GET", endpoint.path);
      ctx.lists.set(answerKey(endpoint.path), res);
      if (res.status !== 200) return breaks(`answered ${res.status}: ${describeBody(res)}`);
      const problem = firstParseProblem(endpoint.schema, res.json);
      if (problem) return breaks(`does not parse: ${problem}`);
      if (endpoint.path === "/webhook") return same("parses");
      const count = endpoint.items(res.json as Record<string, unknown>).length;
      return same(`parses (${count} ${endpoint.noun} on the first page)`);
    },
  };
}

export const listChecks: Check[] = LIST_ENDPOINTS.map(listCheck);

/** The parsed-OK answers, with their schema, for the comparisons below. */
function answers(
  ctx: DoctorContext,
): Array<{ endpoint: ListEndpoint | undefined; res: DoctorResponse; schema: z.ZodType }> {
  const out: Array<{ endpoint: ListEndpoint | undefined; res: DoctorResponse; schema: z.ZodType }> = [];
  const me = ctx.lists.get("GET /me") as DoctorResponse | undefined;
  if (me?.status === 200) out.push({ endpoint: undefined, res: me, schema: AccountSchema });
  for (const endpoint of LIST_ENDPOINTS) {
    const res = ctx.lists.get(answerKey(endpoint.path)) as DoctorResponse | undefined;
    if (res?.status === 200 && endpoint.schema.safeParse(res.json).success)
      out.push({ endpoint, res, schema: endpoint.schema });
  }
  return out;
}

/**
 * Fields the default emulator sends that the client's schemas do not name (the schemas keep
 * them): the developer records' and tags' own timestamps, and the stored trigger configs.
 */
const EMULATOR_EXTRA_FIELDS: ReadonlySet<string> = new Set([
  "GET /strategies strategies[].triggerConfigs",
  "GET /devs/my developers[].updatedAt",
  "GET /devs/tags tags[].createdAt",
]);

/**
 * Objects whose inner shape the spec leaves open (2.5, 2.7, 2.8): any member there is the
 * service's to choose, so none counts as unknown.
 */
const OPEN_OBJECTS =
  /\.(matchDetails|marketAtEval|riskAtEval|sourceContext|debugTrail|failedRules|triggerContext|multiples|mcaps)(\.|\[|$)/;

/**
 * Optional fields the default emulator leaves out in an ordinary account: the last page's
 * cursor, the backtest options nobody sent, the single-read-only livePerformance, and the
 * webhook's fields that only a PUT or a state carries.
 */
const EMULATOR_OMITTED_FIELDS: ReadonlySet<string> = new Set([
  "GET /strategy-evaluations nextCursor",
  "GET /backtests items[].options.eventType",
  "GET /backtests items[].options.strictOverride",
  "GET /notifications items[].livePerformance",
  "GET /webhook secret",
  "GET /webhook verificationError",
  "GET /webhook verifiedAt",
  "GET /webhook url",
]);

function fieldReports(ctx: DoctorContext): { extra: string[]; omitted: string[] } {
  const extra: string[] = [];
  const omitted: string[] = [];
  for (const { endpoint, res, schema } of answers(ctx)) {
    const prefix = endpoint ? answerKey(endpoint.path) : "GET /me";
    const report = compareFields(schema, res.json, "");
    for (const p of report.extra) extra.push(`${prefix} ${p.replace(/^\./, "")}`);
    for (const p of report.omitted) omitted.push(`${prefix} ${p.replace(/^\./, "")}`);
  }
  return { extra, omitted };
}

/** `xNote on 30 paths (e.g. GET /me xNote)`: one entry per field name, so a field added everywhere reads once. */
function byFieldName(paths: string[]): string {
  const byName = new Map<string, string[]>();
  for (const p of paths) {
    const name = p.slice(Math.max(p.lastIndexOf("."), p.lastIndexOf(" ")) + 1);
    byName.set(name, [...(byName.get(name) ?? []), p]);
  }
  const parts = [...byName].map(([name, where]) =>
    where.length === 1 ? where[0]! : `${name} on ${where.length} paths (e.g. ${where[0]})`,
  );
  return listPaths(parts);
}

function listPaths(paths: string[], max = 6): string {
  const shown = paths.slice(0, max).join("; ");
  return paths.length > max ? `${shown}; and ${paths.length - max} more` : shown;
}

export const unknownFieldsCheck: Check = {
  item: "unknown fields in answers",
  spec: "not shown (the tables list the fields)",
  emulatorReading: "the spec's fields, plus developer and tag timestamps and triggerConfigs",
  async observe(ctx) {
    const { extra } = fieldReports(ctx);
    const unexpected = extra.filter((p) => !EMULATOR_EXTRA_FIELDS.has(p) && !OPEN_OBJECTS.test(p));
    // The client's schemas keep unknown fields, so these never break it.
    return unexpected.length === 0
      ? same("none beyond the emulator's")
      : differs(`extra: ${byFieldName(unexpected)}`);
  },
};

export const omittedFieldsCheck: Check = {
  item: "optional fields omitted",
  spec: "optional / not-shown fields may be absent",
  emulatorReading: "sends every field it knows (webhook: per state)",
  async observe(ctx) {
    const { omitted } = fieldReports(ctx);
    const unexpected = omitted.filter((p) => !EMULATOR_OMITTED_FIELDS.has(p));
    return unexpected.length === 0
      ? same("none beyond the emulator's")
      : differs(`omitted: ${listPaths(unexpected)}`);
  },
};

/** asc / desc by `field` over the records whose timestamps differ, or undefined (< 2 distinct). */
export function observedOrder(items: unknown[], field: string): "asc" | "desc" | "unordered" | undefined {
  const times = items
    .map((i) => Date.parse(String((i as Record<string, unknown>)?.[field] ?? "")))
    .filter((t) => Number.isFinite(t));
  let up = 0;
  let down = 0;
  for (let i = 1; i < times.length; i++) {
    if (times[i]! > times[i - 1]!) up++;
    else if (times[i]! < times[i - 1]!) down++;
  }
  if (up === 0 && down === 0) return undefined;
  if (down === 0) return "asc";
  if (up === 0) return "desc";
  return "unordered";
}

export const listOrderCheck: Check = {
  item: "default list orders",
  spec: "not shown (no sort parameter sent)",
  emulatorReading: LIST_ENDPOINTS.filter((e) => e.order)
    .map((e) => `${e.path} ${e.order!.emulator}`)
    .join(", "),
  async observe(ctx) {
    const parts: string[] = [];
    let differing = false;
    let seen = 0;
    for (const { endpoint, res } of answers(ctx)) {
      if (!endpoint?.order) continue;
      const order = observedOrder(endpoint.items(res.json as Record<string, unknown>), endpoint.order.field);
      if (order === undefined) {
        parts.push(`${endpoint.path} not observable`);
        continue;
      }
      seen++;
      parts.push(`${endpoint.path} ${order}`);
      if (order !== endpoint.order.emulator) differing = true;
    }
    if (seen === 0) return notObservable("no list holds 2 records with different times");
    // The provider never depends on an order the spec does not promise.
    return differing ? differs(parts.join(", ")) : same(parts.join(", "));
  },
};
