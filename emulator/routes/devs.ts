import { z } from "zod";
import {
  ADDRESS_FORMAT_MESSAGE,
  isDeveloperAddress,
  MAX_ALIAS_LENGTH,
} from "../../provider/model/identifiers";
import type { EmulatorContext } from "../context";
import { badRequest, notFound } from "../http/errors";
import { noQuery, parseBody, parseOptionalBody, parseQuery, q } from "../http/validation";
import type { DeveloperRecord } from "../store/records";
import { type RouteRegistrar, userOf } from "./types";

const DEFAULT_DEVS_LIMIT = 20;
const MAX_DEVS_LIMIT = 100;

const alias = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(MAX_ALIAS_LENGTH, `must be at most ${MAX_ALIAS_LENGTH} characters`);

const AddBody = z.strictObject({ alias: alias.optional() });
const UpdateBody = z.strictObject({
  alias: z.union([alias, z.null()], { error: "must be a string or null" }).optional(),
  isActive: z.boolean({ error: "must be a boolean" }).optional(),
});
const TagsBody = z.strictObject({
  tagIds: z
    .array(z.uuid({ error: "must be a UUID" }), { error: "must be an array of UUID strings" })
    .max(100),
});
const ListQuery = z.strictObject({
  page: q.page(),
  limit: q.limit(MAX_DEVS_LIMIT),
  isActive: q.bool(),
});

function addressParam(params: unknown): string {
  const address = (params as { address: string }).address;
  if (!isDeveloperAddress(address)) throw badRequest([{ path: "address", message: ADDRESS_FORMAT_MESSAGE }]);
  return address;
}

/**
 * service-api.md#followed-developers. Decisions (docs/spec-decisions.md):
 *  - the developer record is {address, alias (null when none), isActive, tagIds, addedAt, updatedAt};
 *  - POST …/add: alias optional; a new address → 201 {success, developer}; an address already
 *    followed → 200 with the record, reactivated and with the alias replaced when one is sent
 *    (so repeating the same request always ends in the same state);
 *  - PUT …/update and GET/PUT …/tags on an address not followed → 404;
 *  - PUT …/tags replaces the set; unknown tag ids → 400 naming them; duplicates collapse.
 */
export const devsRoutes: RouteRegistrar = (app, ctx) => {
  const { store, clock } = ctx;
  // Variant devs-empty-bodies: the writes confirm with {} (add, tags) or no body at all (update).
  const emptyBodies = ctx.variants.has("devs-empty-bodies");
  const confirmation = (developer: DeveloperRecord) => (emptyBodies ? {} : { success: true, developer });

  app.get("/devs/my", async (req) => {
    const user = userOf(req);
    const query = parseQuery(ListQuery, req.query);
    return developerPage(ctx, user.id, query);
  });

  app.get("/devs/tags", async (req) => {
    const user = userOf(req);
    noQuery(req.query);
    const tags = store.listDeveloperTags(user.id);
    if (ctx.variants.has("list-order-desc")) tags.reverse();
    return { tags: tags.map((t) => ({ id: t.id, name: t.name, createdAt: t.createdAt })) };
  });

  app.post("/devs/:address/add", async (req, reply) => {
    const user = userOf(req);
    const address = addressParam(req.params);
    noQuery(req.query);
    const body = parseOptionalBody(AddBody, req.body);
    const { developer, created } = followDeveloper(ctx, user.id, address, body.alias);
    return reply.code(created ? 201 : 200).send(confirmation(developer));
  });

  app.put("/devs/:address/update", async (req, reply) => {
    const user = userOf(req);
    const address = addressParam(req.params);
    noQuery(req.query);
    const body = parseOptionalBody(UpdateBody, req.body);
    const existing = followed(ctx, user.id, address);
    const next: DeveloperRecord = {
      ...existing,
      alias: body.alias === undefined ? existing.alias : body.alias,
      isActive: body.isActive ?? existing.isActive,
    };
    if (next.alias !== existing.alias || next.isActive !== existing.isActive) next.updatedAt = clock.iso();
    store.putDeveloper(user.id, next);
    if (emptyBodies) return reply.code(204).send();
    return confirmation(next);
  });

  app.get("/devs/:address/tags", async (req) => {
    const user = userOf(req);
    const dev = followed(ctx, user.id, addressParam(req.params));
    noQuery(req.query);
    return { tagIds: dev.tagIds };
  });

  app.put("/devs/:address/tags", async (req) => {
    const user = userOf(req);
    const address = addressParam(req.params);
    noQuery(req.query);
    const body = parseBody(TagsBody, req.body);
    const existing = followed(ctx, user.id, address);
    assertKnownTags(ctx, user.id, body.tagIds);
    const tagIds = [...new Set(body.tagIds)];
    const same = tagIds.length === existing.tagIds.length && tagIds.every((t, i) => t === existing.tagIds[i]);
    const next: DeveloperRecord = { ...existing, tagIds, updatedAt: same ? existing.updatedAt : clock.iso() };
    store.putDeveloper(user.id, next);
    return emptyBodies ? {} : { success: true, tagIds };
  });
};

/** One page of the followed developers, filtered by `isActive` when asked. */
function developerPage(ctx: EmulatorContext, userId: string, query: z.infer<typeof ListQuery>) {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_DEVS_LIMIT;
  const all = ctx.store.listDevelopers(userId);
  // Variant list-order-desc: the most recently followed first (no order is promised).
  if (ctx.variants.has("list-order-desc")) all.reverse();
  const filtered = query.isActive === undefined ? all : all.filter((d) => d.isActive === query.isActive);
  return {
    developers: filtered.slice((page - 1) * limit, page * limit),
    total: filtered.length,
    page,
    totalPages: Math.ceil(filtered.length / limit),
    activeCount: all.filter((d) => d.isActive).length,
  };
}

/** Follows `address`, or reactivates it (alias replaced when one is sent) when already followed. */
function followDeveloper(
  ctx: EmulatorContext,
  userId: string,
  address: string,
  alias: string | undefined,
): { developer: DeveloperRecord; created: boolean } {
  const now = ctx.clock.iso();
  const existing = ctx.store.getDeveloper(userId, address);
  if (existing) {
    const next: DeveloperRecord = {
      ...existing,
      isActive: true,
      alias: alias ?? existing.alias,
      updatedAt: existing.isActive && (alias ?? existing.alias) === existing.alias ? existing.updatedAt : now,
    };
    ctx.store.putDeveloper(userId, next);
    return { developer: next, created: false };
  }
  const developer: DeveloperRecord = {
    address,
    alias: alias ?? null,
    isActive: true,
    tagIds: [],
    addedAt: now,
    updatedAt: now,
  };
  ctx.store.putDeveloper(userId, developer);
  return { developer, created: true };
}

/** 400 naming every tag id the user has no developer tag for. */
function assertKnownTags(ctx: EmulatorContext, userId: string, tagIds: string[]): void {
  const known = new Set(ctx.store.listDeveloperTags(userId).map((t) => t.id));
  const unknown = tagIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest(
      unknown.map((id) => ({
        path: `body.tagIds[${tagIds.indexOf(id)}]`,
        message: `body.tagIds[${tagIds.indexOf(id)}]: unknown developer tag id ${id} (see GET /devs/tags)`,
      })),
    );
  }
}

function followed(ctx: EmulatorContext, userId: string, address: string): DeveloperRecord {
  const dev = ctx.store.getDeveloper(userId, address);
  if (!dev) throw notFound(`Developer ${address} is not followed`);
  return dev;
}
