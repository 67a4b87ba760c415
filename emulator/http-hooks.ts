import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authenticate } from "./auth";
import type { EmulatorContext } from "./context";
import { HttpError, reasonPhrase, tooManyRequests } from "./errors";
import type { Fault } from "./faults";
import type { JournalEntry } from "./journal";
import { effectiveLimits } from "./plans";

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
 * The request pipeline of the API (everything under the base path), in order: journal entry,
 * injected faults, authentication and subscription (spec 5), rate limit (spec 8). Unknown
 * paths under the base get the journal entry and faults, then the 404 handler without auth.
 */
export function installApiHooks(app: FastifyInstance, ctx: EmulatorContext, basePath: string): void {
  const rel = (url: string) => url.slice(basePath.length) || "/";
  const underBase = (url: string) =>
    url === basePath || url.startsWith(`${basePath}/`) || url.startsWith(`${basePath}?`);

  app.decorateRequest("user", null);
  app.decorateRequest("fault", null);
  app.decorateRequest("journalEntry", null);

  app.addHook("onRequest", async (req: FastifyRequest, reply: FastifyReply) => {
    if (!underBase(req.url)) return;
    const template = req.routeOptions.url;
    const route = template && underBase(template) ? rel(template) : null;
    const path = rel(req.url.split("?")[0]!);
    req.journalEntry = { method: req.method, route, path, status: null, time: ctx.clock.iso(), userId: null };

    const fault = ctx.faults.take(req.method, route, path);
    if (fault) {
      req.fault = fault;
      req.journalEntry.fault = fault.id;
      if (fault.latencyMs) await sleep(fault.latencyMs);
      if (fault.drop === "before") {
        ctx.journal.record(req.journalEntry);
        req.journalEntry = null;
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      }
      if (fault.status !== undefined && fault.drop !== "after-commit") throw faultError(fault);
    }
    if (route === null) return; // the 404 handler answers; no credentials needed to learn that

    const user = authenticate(req.headers, ctx.store);
    req.user = user;
    req.journalEntry.userId = user.id;
    const limit = effectiveLimits(user.plan, user.limits).requestsPerMinute;
    const decision = ctx.limiter.hit(user.id, limit, ctx.clock.nowMs());
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    const fault = req.fault;
    if (fault?.drop !== "after-commit") return payload;
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
  });

  app.addHook("onResponse", async (req, reply) => {
    if (!req.journalEntry) return;
    ctx.journal.record({ ...req.journalEntry, status: reply.statusCode });
    req.journalEntry = null;
  });
}
