import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeHttpDispatcher } from "../../../provider/api/http-dispatcher";

/** A body of many chunks whose multi-byte characters fall across chunk edges. */
const BIG = "ø€𝄞 ".repeat(20_000);

let server: Server;
let origin: string;
const seen: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === "/redirect") {
        res.writeHead(302, { location: "/elsewhere" }).end();
      } else if (req.url === "/drop") {
        req.socket.destroy();
      } else if (req.url === "/big") {
        res.writeHead(200);
        // Byte chunks of an odd size: characters of two to four bytes are split across them.
        const bytes = Buffer.from(BIG);
        for (let i = 0; i < bytes.length; i += 4095) res.write(bytes.subarray(i, i + 4095));
        res.end();
      } else if (req.url === "/gzip" || req.url === "/br") {
        const encoded = req.url === "/gzip" ? gzipSync(BIG) : brotliCompressSync(BIG);
        res.writeHead(200, { "content-encoding": req.url.slice(1) }).end(encoded);
      } else if (req.url === "/bad-gzip") {
        res.writeHead(200, { "content-encoding": "gzip" }).end("not gzip");
      } else if (req.url === "/half") {
        res.writeHead(200, { "content-type": "application/json" }).write('{"items":[');
      } else if (req.url === "/slow") {
        setTimeout(() => res.end("late"), 5_000).unref();
      } else {
        res.writeHead(201, { "X-Rate-Limit": "7", "content-type": "application/json" }).end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type DispatchOptions = Parameters<ReturnType<typeof nodeHttpDispatcher>["request"]>[0];

/** One request through a new dispatcher: to the test server, with no headers or body and a fresh signal unless given. */
function send(options: Pick<DispatchOptions, "path" | "method"> & Partial<DispatchOptions>) {
  return nodeHttpDispatcher().request({
    headers: {},
    body: null,
    headersTimeout: 1_000,
    bodyTimeout: 1_000,
    origin,
    signal: new AbortController().signal,
    ...options,
  });
}

describe("nodeHttpDispatcher", () => {
  it("sends the method, path, headers and body, and answers the status, lower-case headers and text", async () => {
    const res = await send({
      path: "/strategies?x=1",
      method: "POST",
      headers: { "x-api-key": "k", "content-type": "application/json" },
      body: '{"name":"a"}',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers["x-rate-limit"]).toBe("7");
    expect(await res.body.text()).toBe('{"ok":true}');
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: "POST", url: "/strategies?x=1", body: '{"name":"a"}' });
    expect(last?.headers["x-api-key"]).toBe("k");
  });

  it("returns a redirect instead of following it, as the transport expects of a pool", async () => {
    const res = await send({ path: "/redirect", method: "GET" });
    expect(res.statusCode).toBe(302);
    expect(seen.some((s) => s.url === "/elsewhere")).toBe(false);
  });

  it("reads a body of several chunks and multi-byte characters whole", async () => {
    const res = await send({ path: "/big", method: "GET" });
    expect(res.statusCode).toBe(200);
    const text = await res.body.text();
    expect(text.length).toBe(BIG.length);
    expect(text === BIG).toBe(true);
  });

  it.each(["gzip", "br"])("asks for a compressed body and decodes a %s one", async (encoding) => {
    const res = await send({ path: `/${encoding}`, method: "GET" });
    expect(seen.at(-1)?.headers["accept-encoding"]).toBe("gzip, deflate, br");
    expect(res.headers["content-encoding"]).toBe(encoding);
    const text = await res.body.text();
    expect(text.length).toBe(BIG.length);
    expect(text === BIG).toBe(true);
  });

  it("rejects a body that does not decode as its encoding says", async () => {
    const res = await send({ path: "/bad-gzip", method: "GET" });
    await expect(res.body.text()).rejects.toMatchObject({ code: "Z_DATA_ERROR" });
  });

  it("rejects a refused connection with the network error's code", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await send({ origin: `http://127.0.0.1:${port}`, path: "/", method: "GET" }).catch(
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(TypeError);
    expect((err as { code?: string }).code).toBe("ECONNREFUSED");
  });

  it("rejects a connection dropped after the request with a socket error code", async () => {
    const err = await send({ path: "/drop", method: "DELETE" }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(TypeError);
    expect((err as { code?: string }).code).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
  });

  it("rejects the body's text with the abort's reason when the caller aborts while it arrives", async () => {
    const controller = new AbortController();
    const reason = new Error("attempt timed out");
    const res = await send({ path: "/half", method: "GET", signal: controller.signal });
    expect(res.statusCode).toBe(200);
    const text = res.body.text();
    controller.abort(reason);
    await expect(text).rejects.toBe(reason);
  });

  it("rejects with the abort's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const reason = new Error("attempt timed out");
    const pending = send({ path: "/slow", method: "GET", signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });
});
