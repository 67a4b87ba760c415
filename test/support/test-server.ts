import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the test server saw it. */
export interface SeenRequest {
  method: string;
  /** Path relative to the API prefix, without the query. */
  path: string;
  /** Raw query string without `?` ("" when none). */
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Decoded JSON body, or undefined when none was sent. */
  body: unknown;
  rawBody: string;
}

export type Reply =
  | { status?: number; body?: unknown; headers?: Record<string, string>; raw?: string }
  /** Destroy the socket after the whole request arrived: the request was sent, no answer. */
  | "destroy"
  /** Never answer (timeouts). */
  | "hang";

export type Handler = (req: SeenRequest, res: ServerResponse) => Reply | Promise<Reply>;

const PREFIX = "/api/external/v1";

export interface TestServer {
  baseUrl: string;
  origin: string;
  requests: SeenRequest[];
  /** Replaces the handler for the following requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** A real node:http server on 127.0.0.1 and an ephemeral port. */
export async function startServer(handler: Handler = () => ({ status: 404, body: {} })): Promise<TestServer> {
  let current = handler;
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://localhost");
      const seen: SeenRequest = {
        method: req.method ?? "",
        path: url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname,
        rawQuery: url.search.replace(/^\?/, ""),
        query: url.searchParams,
        headers: req.headers,
        body: rawBody ? JSON.parse(rawBody) : undefined,
        rawBody,
      };
      requests.push(seen);
      const reply = await current(seen, res);
      if (reply === "hang") return;
      if (reply === "destroy") {
        req.socket.destroy();
        return;
      }
      const status = reply.status ?? 200;
      const text = reply.raw ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
      res.writeHead(status, { "content-type": "application/json", ...reply.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}${PREFIX}`,
    origin,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (listened once, then closed). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
