import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../support/use-emulator";
import { type Api, newUser } from "./helpers";

// service-api.md#microblog-handles-and-tags; docs/spec-decisions.md "Emulator … / Microblog".
describe("emulator microblog (read-only, seeded per user)", () => {
  const em = useEmulator();
  let u: Api;
  beforeAll(async () => {
    u = await newUser(em, { limits: { requestsPerMinute: 10_000 } });
  });

  const handles = async (query = "") => {
    const res = await u.get(`/microblog/handles${query}`);
    expect(res.status).toBe(200);
    return res.body.handles as {
      id: string;
      handle: string;
      status: string;
      tags: { id: string; name: string }[];
      addedAt: string;
      lastUpdated: string;
    }[];
  };
  const tags = async (query = "") => {
    const res = await u.get(`/microblog/tags${query}`);
    expect(res.status).toBe(200);
    return res.body.tags as { id: string; name: string; isPlatformTag: boolean; handleCount?: number }[];
  };

  it("lists handles with the documented fields, sorted by handle ascending by default", async () => {
    const list = await handles();
    expect(list.length).toBe(7);
    expect(list[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      handle: expect.any(String),
      status: expect.stringMatching(/^(active|inactive)$/),
      tags: expect.any(Array),
      addedAt: expect.any(String),
      lastUpdated: expect.any(String),
    });
    const names = list.map((h) => h.handle);
    expect(names).toEqual([...names].sort());
  });

  it("filters handles by search (case-insensitive substring), status and tagId", async () => {
    expect((await handles("?search=RADAR")).map((h) => h.handle)).toEqual(["launch_radar"]);
    expect((await handles("?status=inactive")).every((h) => h.status === "inactive")).toBe(true);
    const alpha = (await tags()).find((t) => t.name === "Alpha Callers")!;
    const tagged = await handles(`?tagId=${alpha.id}`);
    expect(tagged.length).toBe(3);
    expect(tagged.every((h) => h.tags.some((t) => t.id === alpha.id))).toBe(true);
    expect(await handles("?tagId=00000000-0000-4000-8000-000000000000")).toEqual([]);
  });

  it("sorts handles by addedAt and lastUpdated in either order", async () => {
    for (const sortBy of ["addedAt", "lastUpdated"] as const) {
      const asc = (await handles(`?sortBy=${sortBy}&sortOrder=asc`)).map((h) => h[sortBy]);
      expect(asc).toEqual([...asc].sort());
      const desc = (await handles(`?sortBy=${sortBy}&sortOrder=desc`)).map((h) => h[sortBy]);
      expect(desc).toEqual([...desc].sort().reverse());
    }
  });

  it("lists tags with handleCount by default (scope all, sorted by name)", async () => {
    const list = await tags();
    expect(list).toHaveLength(6);
    for (const t of list)
      expect(t).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        isPlatformTag: expect.any(Boolean),
        handleCount: expect.any(Number),
      });
    const names = list.map((t) => t.name);
    expect(names).toEqual([...names].sort());
  });

  it("scopes tags to user or platform and omits handleCount when includeCounts=false", async () => {
    expect((await tags("?scope=platform")).every((t) => t.isPlatformTag)).toBe(true);
    expect((await tags("?scope=user")).every((t) => !t.isPlatformTag)).toBe(true);
    expect((await tags("?includeCounts=false")).every((t) => !("handleCount" in t))).toBe(true);
  });

  it("sorts tags by handleCount descending and by createdAt", async () => {
    const counts = (await tags("?sortBy=handleCount&sortOrder=desc")).map((t) => t.handleCount!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byCreated = (await tags("?sortBy=createdAt")).map((t) => t.name);
    expect(byCreated).not.toEqual((await tags()).map((t) => t.name));
  });

  it.each([
    "/microblog/handles?status=paused",
    "/microblog/handles?sortBy=name",
    "/microblog/handles?sortOrder=up",
    "/microblog/handles?tagId=abc",
    "/microblog/handles?search=",
    "/microblog/handles?foo=bar",
    "/microblog/tags?scope=mine",
    "/microblog/tags?includeCounts=1",
    "/microblog/tags?sortBy=handle",
    "/microblog/tags?sortOrder=descending",
    "/microblog/tags?scope=all&scope=user",
  ])("rejects %s with 400", async (path) => {
    const res = await u.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(res.body.message).toMatch(/^query\./);
  });

  it("is read-only: writes to microblog paths are 404", async () => {
    expect((await u.post("/microblog/handles", { handle: "x" })).status).toBe(404);
    expect((await u.put("/microblog/tags", {})).status).toBe(404);
  });
});
