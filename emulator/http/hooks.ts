import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { effectiveLimits } from "../accounts/plans";
import type { EmulatorContext } from "../context";
import { reshapeForVariants } from "../variants/responses";
import { authenticate } from "./auth";
import { HttpError, reasonPhrase, tooManyRequests } from "./errors";
import type { Fault } from "./faults";
import type { JournalEntry } from "./journal";

declare module "fastify" {
  interface FastifyRequest {
    fault: Fault | null;
    journalEntry: JournalEntry | null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function faultError(f: Fault): HttpError {
  const status = f.status ?? 500;
  const headers: Record<string, string> = {};
  if (f.retryAfterSeconds !== undefined) headers["retry-after"] = String(f.retryAfterSeconds);
  // A 429 fault looks exactly like the real limit, so clients exercise the same path.
  const message =
    status === 429 ? "Rate limit exceeded" : `Injected fault: HTTP ${status} ${reasonPhrase(status)}`;
  return new HttpError(status, message, undefined, headers);
}

/**
 * The injected fault for this request, if any: its latency, then a dropped connection (returns
 * false: nothing more may be sent) or its error (thrown) unless it fires after the commit.
 */
async function applyFault(
  ctx: EmulatorContext,
  req: FastifyRequest,
  reply: FastifyReply,
  entry: JournalEntry,
): Promise<boolean> {
  const fault = ctx.faults.take(req.method, entry.route, entry.path);
  if (!fault) return true;
  req.fault = fault;
  entry.fault = fault.id;
  if (fault.latencyMs) await sleep(fault.latencyMs);
  if (fault.drop === "before") {
    ctx.journal.record(entry);
    req.journalEntry = null;
    reply.hijack();
    req.raw.socket.destroy();
    return false;
  }
  if (fault.status !== undefined && fault.drop !== "after-commit") throw faultError(fault);
  return true;
}

/**
 * The key and subscription (service-api.md#authentication), then the rate limit
 * (service-api.md#rate-limit); sets the request's user.
 */
function authenticateAndLimit(
  ctx: EmulatorContext,
  req: FastifyRequest,
  reply: FastifyReply,
  entry: JournalEntry,
): void {
  const user = authenticate(req.headers, ctx.store);
  req.user = user;
  entry.userId = user.id;
  const limit = effectiveLimits(user.plan, user.limits).requestsPerMinute;
  const decision = ctx.limiter.hit(user.id, limit, ctx.clock.nowMs());
  const rateHeaders: Record<string, string> = ctx.variants.has("ratelimit-headers")
    ? {
        "x-ratelimit-limit": String(limit),
        "x-ratelimit-remaining": String(decision.allowed ? decision.remaining : 0),
        "x-ratelimit-reset": String(decision.resetSeconds),
      }
    : {};
  if (!decision.allowed) {
    const retryAfter = ctx.variants.has("no-retry-after") ? undefined : decision.retryAfterSeconds;
    throw tooManyRequests(retryAfter, rateHeaders);
  }
  reply.headers(rateHeaders);
}

/** The API's paths: everything under the base path, and a path relative to it. */
interface ApiScope {
  ctx: EmulatorContext;
  /** A URL or route template relative to the base path. */
  rel(url: string): string;
  underBase(url: string): boolean;
}

function apiScope(ctx: EmulatorContext, basePath: string): ApiScope {
  return {
    ctx,
    rel: (url) => url.slice(basePath.length) || "/",
    underBase: (url) => url === basePath || url.startsWith(`${basePath}/`) || url.startsWith(`${basePath}?`),
  };
}

/**
 * Journal entry, faults, then (when `authenticated`) key, subscription and rate limit.
 * Returns false when a fault dropped the connection (nothing more may be sent).
 */
async function admit(
  scope: ApiScope,
  req: FastifyRequest,
  reply: FastifyReply,
  route: string | null,
  authenticated: boolean,
): Promise<boolean> {
  const { ctx } = scope;
  const path = scope.rel(req.raw.url!.split("?")[0]!);
  const entry: JournalEntry = {
    method: req.method,
    route,
    path,
    status: null,
    time: ctx.clock.iso(),
    userId: null,
  };
  req.journalEntry = entry;
  if (!(await applyFault(ctx, req, reply, entry))) return false;
  if (authenticated) authenticateAndLimit(ctx, req, reply, entry);
  return true;
}

/**
 * The payload about to be sent: reshaped for the variants, or, for a fault that fires after the
 * commit, replaced by the fault's error or dropped with the connection.
 */
async function beforeSend(
  scope: ApiScope,
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const { ctx } = scope;
  const fault = req.fault;
  if (fault?.drop !== "after-commit") {
    return scope.underBase(req.url) ? reshapeForVariants(ctx.variants, req, reply, payload) : payload;
  }
  // The handler has run and committed; now the client must not learn the outcome.
  if (fault.status !== undefined) {
    const err = faultError(fault);
    reply.code(err.statusCode).headers(err.headers).type("application/json; charset=utf-8");
    return JSON.stringify(err.body());
  }
  if (req.journalEntry) {
    ctx.journal.record({ ...req.journalEntry, status: null });
    req.journalEntry = null;
  }
  req.raw.socket.destroy();
  return payload;
}

/**
 * Fastify's `frameworkErrors`: the router refused the URL before any route or hook ran.
 * Under the base path the request still goes through the journal, faults, authentication
 * and the rate limit, then gets a 400 in the spec's error shape (service-api.md#errors: an invalid path).
 */
async function answerFrameworkError(
  scope: ApiScope,
  err: FrameworkError,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const problem = new HttpError(400, frameworkErrorMessage(err), [
    { path: "path", message: frameworkErrorMessage(err) },
  ]);
  const api = scope.underBase(req.raw.url ?? "");
  let outcome: HttpError = problem;
  try {
    if (api && !(await admit(scope, req, reply, null, true))) return;
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    outcome = e;
  }
  if (req.journalEntry) {
    scope.ctx.journal.record({ ...req.journalEntry, status: outcome.statusCode });
    req.journalEntry = null;
  }
  reply.code(outcome.statusCode).headers(outcome.headers).type("application/json; charset=utf-8");
  reply.send(JSON.stringify(outcome.body()));
}

/**
 * The request pipeline of the API (everything under the base path), in order: journal entry,
 * injected faults, authentication and subscription (service-api.md#authentication), rate limit (service-api.md#rate-limit). Unknown
 * paths under the base get the journal entry and faults, then the 404 handler without auth.
 * Requests the router itself refuses (a malformed URL) take the same pipeline through
 * `answerFrameworkError`, so they are journaled, authenticated and shaped like every other 4xx.
 */
export function installApiHooks(
  app: FastifyInstance,
  ctx: EmulatorContext,
  basePath: string,
): {
  answerFrameworkError: (err: FrameworkError, req: FastifyRequest, reply: FastifyReply) => Promise<void>;
} {
  const scope = apiScope(ctx, basePath);

  app.decorateRequest("user", null);
  app.decorateRequest("fault", null);
  app.decorateRequest("journalEntry", null);

  app.addHook("onRequest", async (req: FastifyRequest, reply: FastifyReply) => {
    if (!scope.underBase(req.url)) return;
    const template = req.routeOptions.url;
    const route = template && scope.underBase(template) ? scope.rel(template) : null;
    // No route: the 404 handler answers; no credentials are needed to learn that.
    if (!(await admit(scope, req, reply, route, route !== null))) return reply;
  });

  app.addHook("onSend", async (req, reply, payload) => {
    // Node would stamp its wall time; the business clock is the one createdAt is measured on.
    reply.header("date", ctx.clock.httpDate());
    return beforeSend(scope, req, reply, payload);
  });

  app.addHook("onResponse", async (req, reply) => {
    if (!req.journalEntry) return;
    ctx.journal.record({ ...req.journalEntry, status: reply.statusCode });
    req.journalEntry = null;
  });

  return { answerFrameworkError: (err, req, reply) => answerFrameworkError(scope, err, req, reply) };
}

export type FrameworkError = Error & { code?: string };

function frameworkErrorMessage(err: FrameworkError): string {
  switch (err.code) {
    case "FST_ERR_BAD_URL":
      return "path: the URL path is not validly percent-encoded";
    case "FST_ERR_MAX_PARAM_LENGTH":
      return "path: a path parameter is too long";
    default:
      return "path: the URL cannot be routed";
  }
}
