import { z } from "zod";
import { parseQuery, q } from "../http/validation";
import type { MicroblogHandleRecord, MicroblogTagRecord } from "../store/records";
import { type RouteRegistrar, userOf } from "./types";

const HandlesQuery = z.strictObject({
  search: q.text(100),
  tagId: q.uuid(),
  status: q.oneOf(["active", "inactive"] as const),
  sortBy: q.oneOf(["handle", "addedAt", "lastUpdated"] as const),
  sortOrder: q.oneOf(["asc", "desc"] as const),
});

const TagsQuery = z.strictObject({
  scope: q.oneOf(["all", "user", "platform"] as const),
  includeCounts: q.bool(),
  sortBy: q.oneOf(["name", "createdAt", "handleCount"] as const),
  sortOrder: q.oneOf(["asc", "desc"] as const),
});

type Dir = "asc" | "desc";
function compare(a: string | number, b: string | number, dir: Dir): number {
  const c = typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b), "en");
  return dir === "asc" ? c : -c;
}

/**
 * service-api.md#microblog-handles-and-tags (read-only; seeded per user). Decisions: handles default to sortBy
 * handle, sortOrder asc; search is a case-insensitive substring of the handle; a well-formed
 * tagId that is not one of the user's tags yields an empty list; ties sort by id so the order
 * is stable.
 */
export const microblogRoutes: RouteRegistrar = (app, ctx) => {
  app.get("/microblog/handles", async (req) => {
    const user = userOf(req);
    const query = parseQuery(HandlesQuery, req.query);
    const tags = new Map(ctx.store.listMicroblogTags(user.id).map((t) => [t.id, t]));
    const needle = query.search?.toLowerCase();
    const sortBy = query.sortBy ?? "handle";
    const dir = query.sortOrder ?? "asc";
    const handles = ctx.store
      .listMicroblogHandles(user.id)
      .filter((h) => (needle ? h.handle.toLowerCase().includes(needle) : true))
      .filter((h) => (query.tagId ? h.tagIds.includes(query.tagId) : true))
      .filter((h) => (query.status ? h.status === query.status : true))
      .sort((a, b) => compare(a[sortBy], b[sortBy], dir) || a.id.localeCompare(b.id));
    return { handles: handles.map((h) => handleView(h, tags)) };
  });

  app.get("/microblog/tags", async (req) => {
    const user = userOf(req);
    const query = parseQuery(TagsQuery, req.query);
    const scope = query.scope ?? "all";
    const includeCounts = query.includeCounts ?? true;
    const sortBy = query.sortBy ?? "name";
    const dir = query.sortOrder ?? "asc";
    const handles = ctx.store.listMicroblogHandles(user.id);
    const countOf = (t: MicroblogTagRecord) => handles.filter((h) => h.tagIds.includes(t.id)).length;
    const tags = ctx.store
      .listMicroblogTags(user.id)
      .filter((t) => scope === "all" || (scope === "platform") === t.isPlatformTag)
      .map((t) => ({ t, count: countOf(t) }))
      .sort(
        (a, b) =>
          (sortBy === "handleCount"
            ? compare(a.count, b.count, dir)
            : compare(a.t[sortBy], b.t[sortBy], dir)) || a.t.id.localeCompare(b.t.id),
      );
    return {
      tags: tags.map(({ t, count }) => ({
        id: t.id,
        name: t.name,
        isPlatformTag: t.isPlatformTag,
        ...(includeCounts ? { handleCount: count } : {}),
      })),
    };
  });
};

function handleView(h: MicroblogHandleRecord, tags: Map<string, MicroblogTagRecord>) {
  return {
    id: h.id,
    handle: h.handle,
    status: h.status,
    tags: h.tagIds.flatMap((id) => {
      const t = tags.get(id);
      return t ? [{ id: t.id, name: t.name }] : [];
    }),
    addedAt: h.addedAt,
    lastUpdated: h.lastUpdated,
  };
}
