import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiError, NotFoundError, UnauthorizedError } from "../../../provider/api/errors";
import { controlOk } from "../../support/emulator";
import { emulatorClients, expectKeyAbsent, rejectionOf, strategyInput } from "./helpers";

interface JournalEntry {
  method: string;
  route: string | null;
  status: number | null;
  userId: string | null;
}

// service-api.md#authentication and service-api.md#errors through the typed client; the key never appears
// in an error.
describe("client authentication against the emulator", () => {
  const clients = emulatorClients();

  it("sends the key as Authorization: ApiKey when asked, and the service accepts it", async () => {
    const { apiKey, userId } = await clients.user();
    const client = clients.client(apiKey, { authHeader: "authorization" });
    expect((await client.account.me()).userId).toBe(userId);
    const created = await client.strategies.create(strategyInput());
    expect((await client.strategies.get(created.id)).userId).toBe(userId);
  });

  it("a wrong key throws UnauthorizedError with the service's message naming both headers", async () => {
    await clients.user();
    const wrongKey = "sa_live_0123456789abcdef0123456789abcdef";
    for (const authHeader of ["x-api-key", "authorization"] as const) {
      const client = clients.client(wrongKey, { authHeader });
      const error = await rejectionOf(client.account.me());
      expect(error).toBeInstanceOf(UnauthorizedError);
      const unauthorized = error as UnauthorizedError;
      expect(unauthorized.statusCode).toBe(401);
      expect(unauthorized.error).toBe("Unauthorized");
      expect(unauthorized.attempts).toBe(1);
      expect(unauthorized.serviceMessage).toContain("X-API-Key");
      expect(unauthorized.serviceMessage).toContain("ApiKey");
      expectKeyAbsent(error, wrongKey);
    }
  });

  it("a user without an active subscription gets an ApiError 403 from every endpoint", async () => {
    const { client, userId } = await clients.user();
    await controlOk(clients.em, "PATCH", `/users/${userId}`, { subscriptionActive: false });
    const error = await rejectionOf(client.strategies.list());
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(403);
    expect((error as ApiError).serviceMessage).toMatch(/subscription/);
  });

  it("the key appears neither in the request journal nor in any error the client throws", async () => {
    await controlOk(clients.em, "DELETE", "/requests");
    const { client, apiKey, userId } = await clients.user();
    const errors: unknown[] = [];
    const { id } = await client.strategies.create(strategyInput());
    await client.strategies.update(id, { name: "renamed" });
    await client.strategies.delete(id);
    errors.push(await rejectionOf(client.strategies.delete(id)));
    errors.push(await rejectionOf(client.strategies.get("not-a-uuid")));
    errors.push(
      await rejectionOf(
        client.strategies.create(strategyInput({ name: apiKey, description: apiKey, rules: [] })),
      ),
    );
    expect(errors.every((e) => e instanceof ApiError)).toBe(true);
    expect(errors[0]).toBeInstanceOf(NotFoundError);
    for (const error of errors) expectKeyAbsent(error, apiKey);

    const journal = await controlOk<{ requests: JournalEntry[] }>(clients.em, "GET", "/requests");
    const mine = journal.requests.filter((r) => r.userId === userId);
    expect(mine.map((r) => `${r.method} ${r.route} ${r.status}`)).toEqual([
      "POST /strategies 201",
      "PATCH /strategies/:id 200",
      "DELETE /strategies/:id 200",
      "DELETE /strategies/:id 404",
      "GET /strategies/:id 400",
      "POST /strategies 400",
    ]);
    expectKeyAbsent(JSON.stringify(journal), apiKey);
  });

  it("redacts the key from what the service echoes back in an error", async () => {
    // A UUID-shaped key passed as an id, so the service's "Strategy <id> not found" echoes it.
    const { client, apiKey } = await clients.user({ apiKey: randomUUID() });
    const error = await rejectionOf(client.strategies.get(apiKey));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).serviceMessage).toBe("Strategy [REDACTED] not found");
    expectKeyAbsent(error, apiKey);
  });
});
