import { describe, expect, it } from "vitest";
import { BadRequestError, NotFoundError } from "../../../provider/api/errors";
import { developerAddresses, emulatorClients, rejectionOf } from "./helpers";

// service-api.md#followed-developers and service-api.md#microblog-handles-and-tags through the typed client.
describe("client followed developers against the emulator", () => {
  const clients = emulatorClients();

  it("adds a developer, and adding it again returns the same record", async () => {
    const { client } = await clients.user();
    const [address] = developerAddresses(1);
    const added = await client.devs.add(address!, { alias: "whale dev" });
    expect(added).toEqual({
      success: true,
      developer: {
        address,
        alias: "whale dev",
        isActive: true,
        tagIds: [],
        addedAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(await client.devs.add(address!, { alias: "whale dev" })).toEqual(added);
    const page = await client.devs.list();
    expect(page).toEqual({
      developers: [added.developer],
      total: 1,
      page: 1,
      totalPages: 1,
      activeCount: 1,
    });
  });

  it("updates alias and activity, and lists with the isActive filter", async () => {
    const { client } = await clients.user();
    const [a, b] = developerAddresses(2);
    await client.devs.add(a!);
    await client.devs.add(b!, { alias: "second" });
    const updated = await client.devs.update(a!, { alias: "first", isActive: false });
    expect(updated.developer).toMatchObject({ address: a, alias: "first", isActive: false });
    const inactive = await client.devs.list({ isActive: false });
    expect(inactive.developers.map((d) => d.address)).toEqual([a]);
    expect(inactive).toMatchObject({ total: 1, activeCount: 1 });
    const active = await client.devs.list({ isActive: true });
    expect(active.developers.map((d) => d.address)).toEqual([b]);
    expect((await client.devs.update(a!, { alias: null })).developer?.alias).toBeNull();
  });

  it("iterate walks every page and yields each followed developer once", async () => {
    const { client } = await clients.user();
    const addresses = developerAddresses(5);
    for (const address of addresses) await client.devs.add(address);
    const page1 = await client.devs.list({ limit: 2 });
    expect(page1).toMatchObject({ total: 5, page: 1, totalPages: 3 });
    expect(page1.developers).toHaveLength(2);

    const seen: string[] = [];
    for await (const dev of client.devs.iterate({ limit: 2 })) seen.push(dev.address);
    expect(seen).toHaveLength(5);
    expect([...seen].sort()).toEqual([...addresses].sort());

    const fromPage2: string[] = [];
    for await (const dev of client.devs.iterate({ limit: 2, page: 2 })) fromPage2.push(dev.address);
    expect(fromPage2).toEqual(seen.slice(2));
  });

  it("lists developer tags and sets, reads and replaces a developer's tags", async () => {
    const { client } = await clients.user();
    const [address] = developerAddresses(1);
    await client.devs.add(address!);
    const { tags } = await client.devs.tags();
    expect(tags.map((t) => t.name).sort()).toEqual(["Serial Launchers", "Trusted", "Watchlist"]);
    const [t1, t2, t3] = tags.map((t) => t.id);

    expect(await client.devs.getTags(address!)).toEqual({ tagIds: [] });
    expect(await client.devs.setTags(address!, [t1!, t2!, t1!])).toMatchObject({ tagIds: [t1, t2] });
    expect(await client.devs.getTags(address!)).toEqual({ tagIds: [t1, t2] });
    await client.devs.setTags(address!, [t3!]);
    expect(await client.devs.getTags(address!)).toEqual({ tagIds: [t3] });
    await client.devs.setTags(address!, []);
    expect(await client.devs.getTags(address!)).toEqual({ tagIds: [] });
  });

  it("an unknown tag id is BadRequestError; tags of an address not followed are NotFoundError", async () => {
    const { client } = await clients.user();
    const [followed, stranger] = developerAddresses(2);
    await client.devs.add(followed!);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const bad = await rejectionOf(client.devs.setTags(followed!, [unknown]));
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).serviceMessage).toContain(unknown);
    expect(await rejectionOf(client.devs.getTags(stranger!))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(client.devs.update(stranger!, { alias: "x" }))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(client.devs.add("not-an-address"))).toBeInstanceOf(BadRequestError);
  });
});

describe("client microblog against the emulator", () => {
  const clients = emulatorClients();

  it("lists handles sorted by handle by default, and filters by search, status and tag", async () => {
    const { client } = await clients.user();
    const all = (await client.microblog.handles()).handles;
    expect(all.length).toBeGreaterThan(3);
    const names = all.map((h) => h.handle);
    expect(names).toEqual([...names].sort());

    const searched = await client.microblog.handles({ search: "LAUNCH" });
    expect(searched.handles.map((h) => h.handle)).toEqual(["launch_radar"]);

    const inactive = await client.microblog.handles({ status: "inactive" });
    expect(inactive.handles.length).toBeGreaterThan(0);
    expect(inactive.handles.every((h) => h.status === "inactive")).toBe(true);

    const tag = all.flatMap((h) => h.tags).find((t) => t.name === "Alpha Callers")!;
    const tagged = await client.microblog.handles({ tagId: tag.id, sortOrder: "desc" });
    const taggedNames = tagged.handles.map((h) => h.handle);
    expect(taggedNames.length).toBeGreaterThan(1);
    expect(taggedNames).toEqual([...taggedNames].sort().reverse());
    expect(tagged.handles.every((h) => h.tags.some((t) => t.id === tag.id))).toBe(true);

    const byAdded = await client.microblog.handles({ sortBy: "addedAt", sortOrder: "asc" });
    const added = byAdded.handles.map((h) => h.addedAt!);
    expect(added).toEqual([...added].sort());
  });

  it("lists tags with counts by default, by scope, without counts, and sorted by count", async () => {
    const { client } = await clients.user();
    const all = (await client.microblog.tags()).tags;
    expect(all.every((t) => typeof t.handleCount === "number")).toBe(true);
    const names = all.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));

    const platform = (await client.microblog.tags({ scope: "platform" })).tags;
    const user = (await client.microblog.tags({ scope: "user" })).tags;
    expect(platform.length).toBeGreaterThan(0);
    expect(platform.every((t) => t.isPlatformTag)).toBe(true);
    expect(user.every((t) => !t.isPlatformTag)).toBe(true);
    expect(platform.length + user.length).toBe(all.length);

    const bare = (await client.microblog.tags({ includeCounts: false })).tags;
    expect(bare.every((t) => !("handleCount" in t))).toBe(true);

    const byCount = (await client.microblog.tags({ sortBy: "handleCount", sortOrder: "desc" })).tags;
    const counts = byCount.map((t) => t.handleCount!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("an out-of-range query value is BadRequestError", async () => {
    const { client } = await clients.user();
    const query = { status: "archived" } as unknown as { status: "active" };
    expect(await rejectionOf(client.microblog.handles(query))).toBeInstanceOf(BadRequestError);
  });
});
