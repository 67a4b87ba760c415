import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVaultTransit, type VaultTransit } from "../../support/vault-transit";

/** The e2e stacks' secrets go through these calls, as Vault's client makes them. */
describe("the Vault transit double", () => {
  let vault: VaultTransit;
  beforeAll(async () => {
    vault = await startVaultTransit();
  });
  afterAll(() => vault.close());

  async function write(operation: string, body: unknown, token = vault.env.VAULT_TOKEN) {
    const res = await fetch(`${vault.env.VAULT_ADDR}/v1/transit/${operation}/e2e`, {
      method: "PUT",
      headers: { "x-vault-token": token, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { data?: Record<string, string>; errors?: string[] },
    };
  }

  it("decrypts what it encrypted, and its ciphertext does not hold the plaintext", async () => {
    const plaintext = Buffer.from("sa_live_key_0123456789").toString("base64");
    const sealed = await write("encrypt", { plaintext });
    expect(sealed.status).toBe(200);
    const ciphertext = sealed.body.data!.ciphertext!;
    expect(ciphertext).toMatch(/^vault:v1:/);
    expect(ciphertext).not.toContain(plaintext);
    expect(Buffer.from(ciphertext.slice(9), "base64").toString("latin1")).not.toContain("sa_live_key");
    expect((await write("decrypt", { ciphertext })).body.data).toEqual({ plaintext });
  });

  it("refuses a request without its token, and a ciphertext altered by one byte", async () => {
    expect((await write("encrypt", { plaintext: "cA==" }, "wrong")).status).toBe(403);
    const { ciphertext } = (await write("encrypt", { plaintext: "cA==" })).body.data!;
    const sealed = Buffer.from(ciphertext!.slice(9), "base64");
    sealed[sealed.length - 1]! ^= 1;
    const altered = await write("decrypt", { ciphertext: `vault:v1:${sealed.toString("base64")}` });
    expect(altered.status).toBe(400);
    expect(altered.body.errors?.[0]).toMatch(/^decrypt: /);
  });
});
