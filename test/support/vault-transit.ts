import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The two calls of Vault's transit secrets engine that Pulumi's `hashivault://` secrets provider
 * makes (`PUT /v1/transit/encrypt/<key>` and `…/decrypt/<key>`, base64 plaintexts), served on
 * loopback in the test process: the e2e stacks keep their secrets with it instead of a passphrase.
 * A passphrase costs every CLI command that reads a secret one key derivation (PBKDF2, 1,000,000
 * rounds: about 0.2 s of CPU, 7 % of the e2e run's CPU); this provider decrypts the stack's data
 * key with one request. The ciphertexts are real (AES-256-GCM under a key of this process), so
 * a secret is as absent from the state files as with a passphrase.
 */
export interface VaultTransit {
  /** VAULT_ADDR and VAULT_TOKEN: the environment the CLI's provider reads. */
  env: { VAULT_ADDR: string; VAULT_TOKEN: string };
  close(): Promise<void>;
}

const PREFIX = "vault:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export async function startVaultTransit(): Promise<VaultTransit> {
  const key = randomBytes(32);
  const token = randomBytes(16).toString("hex");

  const encrypt = (plaintext: Buffer): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const sealed = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return PREFIX + sealed.toString("base64");
  };
  const decrypt = (ciphertext: string): Buffer => {
    if (!ciphertext.startsWith(PREFIX)) throw new Error("ciphertext: not a vault:v1 ciphertext");
    const sealed = Buffer.from(ciphertext.slice(PREFIX.length), "base64");
    const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.headers["x-vault-token"] !== token) return answer(res, 403, { errors: ["permission denied"] });
    // Vault's client writes with PUT; Vault takes POST alike.
    const write = req.method === "PUT" || req.method === "POST";
    const operation = write ? req.url?.match(/^\/v1\/transit\/(encrypt|decrypt)\/[\w.-]+$/)?.[1] : undefined;
    if (!operation) return answer(res, 404, { errors: [`no handler for ${req.method} ${req.url}`] });
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        plaintext?: string;
        ciphertext?: string;
      };
      const data =
        operation === "encrypt"
          ? { ciphertext: encrypt(Buffer.from(String(body.plaintext ?? ""), "base64")) }
          : { plaintext: decrypt(String(body.ciphertext)).toString("base64") };
      return answer(res, 200, { data });
    } catch (error) {
      return answer(res, 400, { errors: [`${operation}: ${(error as Error).message}`] });
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => answer(res, 500, { errors: [error.message] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The test process may end with it open: it must not hold the process.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    env: { VAULT_ADDR: `http://127.0.0.1:${port}`, VAULT_TOKEN: token },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
