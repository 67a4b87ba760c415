import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import * as undici from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HttpDispatcher, undiciDispatcher } from "../../../provider/api/http-dispatcher";
import { runProcess, tsNode } from "../../support/process";

const REPO = join(__dirname, "..", "..", "..");

/** A body of many chunks whose multi-byte characters fall across chunk edges. */
const BIG = "ø€𝄞 ".repeat(20_000);

let server: Server;
let origin: string;
const seen: {
  method?: string;
  url?: string;
  headers: Record<string, unknown>;
  body: string;
  port?: number;
}[] = [];
/** Client ports of the connections the server saw end. */
const ended = new Set<number>();
/** Every dispatcher the tests made, closed at the end. */
const made: HttpDispatcher[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body,
        port: req.socket.remotePort,
      });
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
      } else if (req.url === "/gzip" || req.url === "/br" || req.url === "/deflate") {
        const encode = { "/gzip": gzipSync, "/br": brotliCompressSync, "/deflate": deflateSync }[req.url];
        const encoded = encode(BIG);
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
  server.on("connection", (socket) => {
    const port = socket.remotePort;
    socket.on("close", () => port !== undefined && ended.add(port));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(made.map((d) => d.close()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type DispatchOptions = Parameters<HttpDispatcher["request"]>[0];

function dispatcher(): HttpDispatcher {
  const d = undiciDispatcher();
  made.push(d);
  return d;
}

/** One request through a new dispatcher: to the test server, with no headers or body and a fresh signal unless given. */
function send(
  options: Pick<DispatchOptions, "path" | "method"> & Partial<DispatchOptions>,
  through: HttpDispatcher = dispatcher(),
) {
  return through.request({
    headers: {},
    body: null,
    headersTimeout: 1_000,
    bodyTimeout: 1_000,
    origin,
    signal: new AbortController().signal,
    ...options,
  });
}

describe("undiciDispatcher", () => {
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

  it.each(["gzip", "deflate", "br"])("asks for a compressed body and decodes a %s one", async (encoding) => {
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

  it("sends the caller's User-Agent as given, and a path as text to the origin, never resolved against it", async () => {
    const res = await send({
      path: "//elsewhere.example/x/../y",
      method: "GET",
      headers: { "user-agent": "ua/1" },
    });
    expect(res.statusCode).toBe(201);
    await res.body.text();
    expect(seen.at(-1)).toMatchObject({ url: "//elsewhere.example/x/../y" });
    expect(seen.at(-1)?.headers["user-agent"]).toBe("ua/1");
  });

  it("keeps connections alive between requests, and close() ends them", async () => {
    const through = dispatcher();
    for (let i = 0; i < 6; i++) await (await send({ path: "/", method: "GET" }, through)).body.text();
    // undici's pool may open a second connection while the first one reports its end.
    const ports = [...new Set(seen.slice(-6).map((s) => s.port as number))];
    expect(ports.length).toBeLessThanOrEqual(2);
    expect(ports.filter((port) => ended.has(port))).toEqual([]);
    await through.close();
    await expect.poll(() => ports.filter((port) => !ended.has(port))).toEqual([]);
  });

  it("rejects with undici's header timeout code when no answer comes within headersTimeout", async () => {
    const err = await send({ path: "/slow", method: "GET", headersTimeout: 100 }).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe("UND_ERR_HEADERS_TIMEOUT");
  });
});

describe("a process whose client was never closed", () => {
  it("is held open by no idle connection once its request is answered", async () => {
    const probe = [
      'const { undiciDispatcher } = require("./provider/api/http-dispatcher.ts");',
      "const signal = new AbortController().signal;",
      `undiciDispatcher().request({ origin: ${JSON.stringify(origin)}, path: "/", method: "GET",`,
      "  headers: {}, body: null, signal, headersTimeout: 5000, bodyTimeout: 5000 })",
      "  .then((res) => res.body.text())",
      // What keeps the event loop alive, once the answer's own events are done.
      "  .then((text) => setImmediate(() => console.log(JSON.stringify({ text, alive: process.getActiveResourcesInfo() }))));",
    ].join("\n");
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const res = await runProcess(process.execPath, tsNode("-e", probe), {
      cwd: REPO,
      env,
    });
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const report = JSON.parse(res.stdout) as { text: string; alive: string[] };
    expect(report.text).toBe('{"ok":true}');
    expect(report.alive.filter((kind) => /TCP|Socket/.test(kind))).toEqual([]);
  }, 60_000);
});

// The dispatcher loads undici's Agent and request from their own modules, leaving out the index's
// fetch, WebSocket and caches (docs/benchmarks.md); these are the paths it requires.
describe("the undici the dispatcher loads", () => {
  it("is the Agent and the request function undici's index exports", () => {
    expect(require("undici/lib/dispatcher/agent")).toBe(undici.Agent);
    expect(require("undici/lib/api/api-request")).toBe(undici.Dispatcher.prototype.request);
  });

  it("is inside the runtime bundle, which requires none of undici's files (run `npm run build` first)", () => {
    const bundle = readFileSync(join(REPO, "dist/provider/runtime/bundle.js"), "utf8");
    expect(bundle).toContain("node_modules/undici/lib/dispatcher/agent.js");
    expect(bundle).not.toMatch(/require\("undici[/"]/);
    // Nor the index's other parts.
    expect(bundle).not.toContain("node_modules/undici/index.js");
  });
});
