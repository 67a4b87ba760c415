import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { effectiveLimits, PLANS } from "../accounts/plans";
import { createUser, rotateApiKey } from "../accounts/users";
import type { EmulatorContext } from "../context";
import { notFound } from "../http/errors";
import { FaultSpecSchema } from "../http/faults";
import { parseBody, parseOptionalBody } from "../http/validation";
import type { UserRecord } from "../store/records";
import { registerEngineControl } from "./control-engine";

export const CONTROL_PREFIX = "/_emulator";
export const CLOCK_OFFSET_META = "clockOffsetMs";

const count = z.number().int().min(0).max(1_000_000);
const LimitsSchema = z.strictObject({
  requestsPerMinute: z.number().int().min(1).max(1_000_000).optional(),
  active: count.optional(),
  total: count.nullable().optional(),
  backtestsPerDay: count.nullable().optional(),
  lookbackDays: z.number().int().min(1).max(3650).optional(),
});

const NewUserBody = z.strictObject({
  plan: z.enum(PLANS),
  subscriptionActive: z.boolean().optional(),
  // Any visible ASCII without spaces, so tests can pick readable keys; default sa_live_ + 32 hex.
  apiKey: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, "apiKey must be 8-200 visible ASCII characters")
    .optional(),
  limits: LimitsSchema.optional(),
});

const RotateKeyBody = z.strictObject({ apiKey: NewUserBody.shape.apiKey });

const PatchUserBody = z.strictObject({
  plan: z.enum(PLANS).optional(),
  subscriptionActive: z.boolean().optional(),
  /** Replaces the whole override set ({} removes every override). */
  limits: LimitsSchema.optional(),
});

const ClockBody = z
  .strictObject({
    now: z.iso.datetime({ offset: true }).optional(),
    advanceMinutes: z.number().finite().optional(),
  })
  .refine((b) => b.now !== undefined || b.advanceMinutes !== undefined, "send now or advanceMinutes");

const userView = (u: UserRecord) => ({
  userId: u.id,
  plan: u.plan,
  subscriptionActive: u.subscriptionActive,
  limitOverrides: u.limits,
  limits: effectiveLimits(u.plan, u.limits),
  createdAt: u.createdAt,
});

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The control plane, for tests, under /_emulator only and answered only to loopback peers;
 * any other peer gets the same 404 as an unknown path. Keys are returned only by user creation.
 */
export function registerControlPlane(app: FastifyInstance, ctx: EmulatorContext, basePath: string): void {
  app.register(
    async (cp) => {
      cp.addHook("onRequest", async (req) => {
        if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) throw notFound(`Cannot ${req.method} ${req.url}`);
      });

      cp.post("/users", async (req, reply) => {
        const body = parseBody(NewUserBody, req.body);
        return reply.code(201).send(createUser(ctx.store, ctx.clock, body));
      });
      cp.get("/users", async () => ({ users: ctx.store.listUsers().map(userView) }));
      cp.patch("/users/:userId", async (req) => {
        const body = parseOptionalBody(PatchUserBody, req.body);
        const user = ctx.store.getUser((req.params as { userId: string }).userId);
        if (!user) throw notFound("User not found");
        const next: UserRecord = {
          ...user,
          plan: body.plan ?? user.plan,
          subscriptionActive: body.subscriptionActive ?? user.subscriptionActive,
          limits: body.limits ?? user.limits,
        };
        ctx.store.putUser(next);
        return userView(next);
      });

      cp.post("/users/:userId/rotate-key", async (req) => {
        const body = parseOptionalBody(RotateKeyBody, req.body);
        const userId = (req.params as { userId: string }).userId;
        const apiKey = rotateApiKey(ctx.store, userId, body.apiKey);
        if (!apiKey) throw notFound("User not found");
        return { userId, apiKey };
      });

      cp.get("/clock", async () => ({ now: ctx.clock.iso(), offsetMs: ctx.clock.offset }));
      cp.post("/clock", async (req) => {
        const body = parseBody(ClockBody, req.body);
        if (body.now !== undefined) ctx.clock.set(new Date(body.now));
        if (body.advanceMinutes !== undefined) ctx.clock.advance(body.advanceMinutes);
        ctx.store.setMeta(CLOCK_OFFSET_META, String(ctx.clock.offset));
        return { now: ctx.clock.iso(), offsetMs: ctx.clock.offset };
      });

      cp.post("/faults", async (req, reply) => {
        const body = parseBody(FaultSpecSchema, req.body);
        const path = body.path?.startsWith(basePath) ? body.path.slice(basePath.length) || "/" : body.path;
        return reply.code(201).send(ctx.faults.add({ ...body, ...(path === undefined ? {} : { path }) }));
      });
      cp.get("/faults", async () => ({ faults: ctx.faults.list() }));
      cp.delete("/faults", async () => {
        ctx.faults.clear();
        return { success: true };
      });
      cp.delete("/faults/:id", async (req) => {
        if (!ctx.faults.remove((req.params as { id: string }).id)) throw notFound("Fault not found");
        return { success: true };
      });

      cp.get("/requests", async () => ({ requests: ctx.journal.list() }));
      cp.delete("/requests", async () => {
        ctx.journal.clear();
        return { success: true };
      });

      cp.post("/reset", async () => {
        ctx.store.clear();
        ctx.faults.clear();
        ctx.journal.clear();
        ctx.limiter.reset();
        ctx.clock.setOffset(0);
        ctx.stream.stop();
        ctx.reseed();
        return { success: true };
      });

      registerEngineControl(cp, ctx);
    },
    { prefix: CONTROL_PREFIX },
  );
}
