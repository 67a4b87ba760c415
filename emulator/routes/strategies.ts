import type { FastifyRequest } from "fastify";
import { effectiveLimits } from "../accounts/plans";
import type { EmulatorContext } from "../context";
import { badRequest, forbidden, notFound } from "../http/errors";
import { noBody, noQuery } from "../http/validation";
import { isUuid, newId } from "../ids";
import { validateStrategyInput } from "../model";
import type { StrategyRecord, UserRecord } from "../store/records";
import { type Input, issueWithPath, newStrategy, patchedStrategy, validate } from "../strategies/input";
import { triggerReferenceIssues } from "../strategies/references";
import { createView, listView, patchView, singleView } from "../strategies/views";
import { lengthLimitIssues } from "../variants/length-limits";
import { type RouteRegistrar, userOf } from "./types";

/**
 * service-api.md#strategies. Decisions (docs/spec-decisions.md): POST → 201; every other route 200;
 * a malformed id → 400, another user's (or an official) strategy → 404 on every id route;
 * official (isGlobal) strategies are not listed and not counted in activeCount; activating
 * (by activate, create with isActive true, or PATCH isActive true) beyond the active limit
 * → 403 naming plan, limit and count; creating beyond an overridden total → 403.
 */
export const strategyRoutes: RouteRegistrar = (app, ctx) => {
  const { store, clock } = ctx;

  app.get("/strategies", async (req) => {
    const list = ownStrategies(ctx, userOf(req).id);
    // Variant list-order-desc: no order is promised, so a service may list newest first.
    if (ctx.variants.has("list-order-desc")) list.reverse();
    noQuery(req.query);
    return { strategies: list.map(listView), activeCount: list.filter((s) => s.isActive).length };
  });

  app.post("/strategies", async (req, reply) => {
    const user = userOf(req);
    noQuery(req.query);
    const input = withinLengthLimits(ctx, validate(req.body, "create"));
    assertReferences(ctx, user, input.triggerConfigs);
    const record = store.transaction(() => {
      assertCanCreate(ctx, user);
      if (input.isActive === true) assertCanActivate(ctx, user);
      const s = newStrategy(input, { id: newId(), userId: user.id, isGlobal: false, now: clock.iso() });
      store.putStrategy(s);
      return s;
    });
    return reply.code(201).send({ strategy: createView(record) });
  });

  app.get("/strategies/:id", async (req) => {
    const s = findStrategy(ctx, userOf(req), req.params);
    noQuery(req.query);
    return { strategy: singleView(s) };
  });

  app.patch("/strategies/:id", async (req) => {
    const user = userOf(req);
    const current = findStrategy(ctx, user, req.params);
    noQuery(req.query);
    const patch = withinLengthLimits(ctx, validate(req.body, "update"));
    const next = patchedStrategy(current, patch);
    assertTriggersAndConfigs(next);
    if ("triggerConfigs" in patch || "triggers" in patch) assertReferences(ctx, user, next.triggerConfigs);

    const saved = store.transaction(() => {
      if (next.isActive && !current.isActive) assertCanActivate(ctx, user);
      if (changed(current, next)) next.updatedAt = clock.iso();
      store.putStrategy(next);
      return next;
    });
    return { strategy: patchView(saved, new Set(Object.keys(patch))) };
  });

  const setActive = (active: boolean) => async (req: FastifyRequest) => {
    const user = userOf(req);
    const current = findStrategy(ctx, user, req.params);
    noQuery(req.query);
    noBody(req.body);
    if (current.isActive !== active) {
      store.transaction(() => {
        if (active) assertCanActivate(ctx, user);
        store.putStrategy({ ...current, isActive: active, updatedAt: clock.iso() });
      });
    }
    // A repeat is a no-op with the same body, so a client may retry it safely.
    return { strategy: { id: current.id, isActive: active } };
  };
  app.post("/strategies/:id/activate", setActive(true));
  app.post("/strategies/:id/deactivate", setActive(false));

  app.delete("/strategies/:id", async (req) => {
    const s = findStrategy(ctx, userOf(req), req.params);
    noQuery(req.query);
    noBody(req.body);
    store.deleteStrategy(s.id);
    return { success: true };
  });
};

/** The user's own strategies; official (global) ones are neither listed nor counted. */
function ownStrategies(ctx: EmulatorContext, userId: string): StrategyRecord[] {
  return ctx.store.listStrategies(userId).filter((s) => !s.isGlobal);
}

function findStrategy(ctx: EmulatorContext, user: UserRecord, params: unknown): StrategyRecord {
  const id = (params as { id: string }).id;
  if (!isUuid(id)) throw badRequest([{ path: "id", message: "id: must be a UUID" }]);
  const s = ctx.store.getStrategy(id);
  if (!s || s.userId !== user.id || s.isGlobal) throw notFound(`Strategy ${id} not found`);
  return s;
}

function assertCanActivate(ctx: EmulatorContext, user: UserRecord): void {
  const limit = effectiveLimits(user.plan, user.limits).active;
  const active = ownStrategies(ctx, user.id).filter((s) => s.isActive).length;
  if (active >= limit) {
    throw forbidden(
      `Active strategy limit reached: plan ${user.plan} allows ${limit} active strategies and ${active} are active. Deactivate one first.`,
    );
  }
}

function assertCanCreate(ctx: EmulatorContext, user: UserRecord): void {
  const total = effectiveLimits(user.plan, user.limits).total;
  if (total === null) return;
  const count = ownStrategies(ctx, user.id).length;
  if (count >= total) {
    throw forbidden(
      `Strategy limit reached: plan ${user.plan} allows ${total} strategies in total and ${count} exist. Delete one first.`,
    );
  }
}

function assertReferences(ctx: EmulatorContext, user: UserRecord, configs: unknown): void {
  const issues = triggerReferenceIssues(ctx.store, user.id, configs as Record<string, unknown> | null);
  if (issues.length > 0) throw badRequest(issues);
}

function withinLengthLimits(ctx: EmulatorContext, input: Input): Input {
  if (!ctx.variants.has("length-limits")) return input;
  const issues = lengthLimitIssues(input);
  if (issues.length > 0) throw badRequest(issues);
  return input;
}

/**
 * The patch alone may not show a conflict between the resulting triggers and configs
 * (e.g. configs sent without triggers): the merged pair is validated as well.
 */
function assertTriggersAndConfigs(next: StrategyRecord): void {
  const pair: Input = { triggers: next.triggers.map((t) => t.eventType) };
  if (next.triggerConfigs) pair.triggerConfigs = next.triggerConfigs;
  const merged = validateStrategyInput(pair, "update");
  if (!merged.ok) throw badRequest(merged.issues.map(issueWithPath));
}

function changed(a: StrategyRecord, b: StrategyRecord): boolean {
  const { updatedAt: _a, dealbreakers: _ad, ruleGroups: _ag, ...ra } = a;
  const { updatedAt: _b, dealbreakers: _bd, ruleGroups: _bg, ...rb } = b;
  return JSON.stringify(ra) !== JSON.stringify(rb);
}
