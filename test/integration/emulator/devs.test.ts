import { describe, expect, it } from "vitest";
import { useEmulator } from "../../support/use-emulator";
import { newUser } from "./helpers";

const SOL = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";

// service-api.md#followed-developers; docs/spec-decisions.md "Emulator … / Developers".
describe("emulator followed developers", () => {
  const em = useEmulator();

  it("adds a developer: 201 {success, developer} with alias optional", async () => {
    const u = await newUser(em);
    const res = await u.post(`/devs/${SOL}/add`, { alias: "whale dev" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      developer: {
        address: SOL,
        alias: "whale dev",
        isActive: true,
        tagIds: [],
        addedAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const noAlias = await u.post(`/devs/${EVM}/add`);
    expect(noAlias.status).toBe(201);
    expect(noAlias.body.developer.alias).toBeNull();
  });

  it("re-adding a followed address is a 200 no-op returning the record (reactivated, alias replaced when sent)", async () => {
    const u = await newUser(em);
    const first = await u.post(`/devs/${SOL}/add`, { alias: "a" });
    const again = await u.post(`/devs/${SOL}/add`, { alias: "a" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    await u.put(`/devs/${SOL}/update`, { isActive: false });
    const reactivated = await u.post(`/devs/${SOL}/add`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.developer).toMatchObject({
      isActive: true,
      alias: "a",
      addedAt: first.body.developer.addedAt,
    });
    expect((await u.get("/devs/my")).body.total).toBe(1);
  });

  it("rejects a malformed address with 400", async () => {
    const u = await newUser(em);
    for (const bad of ["short", "0x1234", `${SOL}0OIl`, "0xZZ908400098527886E0F7030069857D2E4169EE7"]) {
      const res = await u.post(`/devs/${encodeURIComponent(bad)}/add`, {});
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/base58/);
    }
  });

  it("rejects an unknown add field or a non-string alias with 400", async () => {
    const u = await newUser(em);
    expect((await u.post(`/devs/${SOL}/add`, { alias: 3 })).status).toBe(400);
    expect((await u.post(`/devs/${SOL}/add`, { nickname: "x" })).status).toBe(400);
    expect((await u.get("/devs/my")).body.total).toBe(0);
  });

  it("updates alias and isActive; 404 when the address is not followed", async () => {
    const u = await newUser(em);
    await u.post(`/devs/${SOL}/add`, { alias: "a" });
    const res = await u.put(`/devs/${SOL}/update`, { alias: "b", isActive: false });
    expect(res.status).toBe(200);
    expect(res.body.developer).toMatchObject({ address: SOL, alias: "b", isActive: false });
    const missing = await u.put(`/devs/${EVM}/update`, { alias: "x" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      statusCode: 404,
      message: `Developer ${EVM} is not followed`,
      error: "Not Found",
    });
  });

  it("lists with page, limit (default 20), isActive filter and the documented envelope", async () => {
    const u = await newUser(em);
    const addresses = Array.from({ length: 23 }, (_, i) => `0x${i.toString(16).padStart(40, "0")}`);
    for (const a of addresses) await u.post(`/devs/${a}/add`, {});
    await u.put(`/devs/${addresses[0]}/update`, { isActive: false });
    const page1 = await u.get("/devs/my");
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 23, page: 1, totalPages: 2, activeCount: 22 });
    expect(page1.body.developers).toHaveLength(20);
    const page2 = await u.get("/devs/my?page=2");
    expect(page2.body.developers.map((d: { address: string }) => d.address)).toEqual(addresses.slice(20));
    const inactive = await u.get("/devs/my?isActive=false&limit=5");
    expect(inactive.body).toMatchObject({ total: 1, page: 1, totalPages: 1, activeCount: 22 });
    expect(inactive.body.developers[0].address).toBe(addresses[0]);
  });

  it.each(["page=0", "page=x", "limit=0", "limit=101", "isActive=yes", "unknown=1", "page=1&page=2"])(
    "rejects GET /devs/my?%s with 400",
    async (query) => {
      const u = await newUser(em);
      const res = await u.get(`/devs/my?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    },
  );

  it("lists the user's seeded developer tags", async () => {
    const u = await newUser(em);
    const res = await u.get("/devs/tags");
    expect(res.status).toBe(200);
    expect(res.body.tags.map((t: { name: string }) => t.name)).toEqual([
      "Trusted",
      "Serial Launchers",
      "Watchlist",
    ]);
    for (const t of res.body.tags) expect(t.id).toMatch(/^[0-9a-f-]{36}$/);
    const other = await newUser(em);
    expect((await other.get("/devs/tags")).body.tags[0].id).not.toBe(res.body.tags[0].id);
  });

  it("replaces the tag set with PUT …/tags and reads it back", async () => {
    const u = await newUser(em);
    const [t1, t2, t3] = (await u.get("/devs/tags")).body.tags;
    await u.post(`/devs/${SOL}/add`, {});
    expect((await u.get(`/devs/${SOL}/tags`)).body).toEqual({ tagIds: [] });
    const set = await u.put(`/devs/${SOL}/tags`, { tagIds: [t1.id, t2.id, t1.id] });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ success: true, tagIds: [t1.id, t2.id] });
    await u.put(`/devs/${SOL}/tags`, { tagIds: [t3.id] });
    expect((await u.get(`/devs/${SOL}/tags`)).body).toEqual({ tagIds: [t3.id] });
    await u.put(`/devs/${SOL}/tags`, { tagIds: [] });
    expect((await u.get(`/devs/${SOL}/tags`)).body).toEqual({ tagIds: [] });
  });

  it("rejects unknown tag ids with 400 naming them, and changes nothing", async () => {
    const u = await newUser(em);
    const [t1] = (await u.get("/devs/tags")).body.tags;
    await u.post(`/devs/${SOL}/add`, {});
    const unknown = "00000000-0000-4000-8000-000000000000";
    const res = await u.put(`/devs/${SOL}/tags`, { tagIds: [t1.id, unknown] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`body.tagIds[1]: unknown developer tag id ${unknown}`);
    expect((await u.get(`/devs/${SOL}/tags`)).body).toEqual({ tagIds: [] });
    expect((await u.put(`/devs/${SOL}/tags`, { tagIds: ["nope"] })).status).toBe(400);
    expect((await u.put(`/devs/${SOL}/tags`, {})).status).toBe(400);
  });

  it("answers 404 to GET and PUT …/tags for an address that is not followed", async () => {
    const u = await newUser(em);
    expect((await u.get(`/devs/${SOL}/tags`)).status).toBe(404);
    expect((await u.put(`/devs/${SOL}/tags`, { tagIds: [] })).status).toBe(404);
  });

  it("keeps each user's developers apart", async () => {
    const a = await newUser(em);
    const b = await newUser(em);
    await a.post(`/devs/${SOL}/add`, {});
    expect((await b.get("/devs/my")).body.total).toBe(0);
    expect((await b.put(`/devs/${SOL}/update`, { alias: "x" })).status).toBe(404);
  });
});
