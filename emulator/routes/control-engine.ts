import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { EmulatorContext } from "../context";
import { processEvent } from "../engine/events";
import type { TimedObservation } from "../engine/history";
import { runAllJobs } from "../engine/jobs";
import { seedOfficial } from "../engine/official";
import { badRequest, notFound } from "../http/errors";
import { parseBody, parseOptionalBody, parseQuery, zodIssues } from "../http/validation";
import { newId } from "../ids";
import { EVENT_TYPES, TokenObservationSchema } from "../model";

const TokensBody = z.strictObject({
  tokens: z.array(z.unknown(), { error: "must be an array of token observations" }).min(1).max(5000),
});

const EventBody = z.strictObject({
  eventType: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }),
  tokenAddress: z.string().min(1),
  tagId: z.string().min(1).optional(),
  developerAddress: z.string().min(1).optional(),
  correlationId: z.string().min(1).max(200).optional(),
  /** Token fields observed now (upserted before the evaluation); address comes from tokenAddress. */
  token: z.record(z.string(), z.unknown()).optional(),
});

const OfficialBody = z.strictObject({
  userId: z.uuid(),
  strategies: z.array(z.unknown()).max(50).optional(),
});

const StreamBody = z.strictObject({
  enabled: z.boolean(),
  intervalMs: z.number().int().min(10).max(3_600_000).optional(),
});

const DeliveriesQuery = z.strictObject({
  userId: z.uuid().optional(),
  wait: z.enum(["true", "false"]).optional(),
});

/** Validates token observations with the shared schema; observedAt defaults to the emulator's now. */
function parseObservations(raw: unknown[], now: string, root: string): TimedObservation[] {
  const issues = [];
  const out: TimedObservation[] = [];
  for (const [i, item] of raw.entries()) {
    const r = TokenObservationSchema.safeParse(item);
    if (!r.success) issues.push(...zodIssues(r.error, `${root}[${i}]`));
    else out.push({ ...r.data, observedAt: new Date(r.data.observedAt ?? now).toISOString() });
  }
  if (issues.length > 0) throw badRequest(issues);
  return out;
}

/**
 * The engine's control plane: token observations, trigger events, job driving,
 * official strategies, webhook delivery outcomes and the optional token stream.
 */
export function registerEngineControl(cp: FastifyInstance, ctx: EmulatorContext): void {
  const upsert = (observations: TimedObservation[]) =>
    ctx.store.transaction(() => {
      for (const o of observations) {
        ctx.store.putTokenObservation({ address: o.address, observedAt: o.observedAt, observation: o });
        ctx.history.upsert(o);
      }
    });

  cp.post("/tokens", async (req) => {
    const body = parseBody(TokensBody, req.body);
    const observations = parseObservations(body.tokens, ctx.clock.iso(), "body.tokens");
    upsert(observations);
    return {
      upserted: observations.length,
      tokens: observations.map((o) => ({ address: o.address, observedAt: o.observedAt })),
    };
  });

  cp.post("/events", async (req) => {
    const body = parseBody(EventBody, req.body);
    if (body.token)
      upsert(
        parseObservations([{ ...body.token, address: body.tokenAddress }], ctx.clock.iso(), "body.token"),
      );
    const token = ctx.history.latest(body.tokenAddress, ctx.clock.nowMs());
    if (!token) {
      throw notFound(
        `Unknown token ${body.tokenAddress}: no observation at or before the emulator's now; POST /_emulator/tokens first or send token`,
      );
    }
    return processEvent(
      ctx,
      {
        eventType: body.eventType,
        tokenAddress: body.tokenAddress,
        tagId: body.tagId,
        developerAddress: body.developerAddress,
        correlationId: body.correlationId ?? newId(),
        origin: "control_plane",
      },
      token,
    );
  });

  cp.post("/jobs/run", async (req) => {
    parseOptionalBody(z.strictObject({}), req.body);
    return runAllJobs(ctx);
  });

  cp.post("/official", async (req, reply) => {
    const body = parseBody(OfficialBody, req.body);
    if (!ctx.store.getUser(body.userId)) throw notFound("User not found");
    return reply.code(201).send(seedOfficial(ctx.store, ctx.clock, body.userId, body.strategies));
  });

  cp.get("/deliveries", async (req) => {
    const query = parseQuery(DeliveriesQuery, req.query);
    if (query.wait === "true") await ctx.deliveries.settle();
    return { deliveries: ctx.store.listDeliveries(query.userId).sort((a, b) => a.seq - b.seq) };
  });

  cp.get("/stream", async () => ctx.stream.status());
  cp.post("/stream", async (req) => {
    const body = parseBody(StreamBody, req.body);
    if (body.enabled) ctx.stream.start(body.intervalMs);
    else ctx.stream.stop();
    return ctx.stream.status();
  });
}
