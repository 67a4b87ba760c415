import { pipeline, type Readable, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Agent, Dispatcher } from "undici";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The headers of an answer, names in lower case (as undici and Node.js give them). */
type ResponseHeaders = Record<string, string | string[] | undefined>;

/**
 * The connection pool requests go through, described by the two calls the transport makes on it:
 * `undiciDispatcher` below unless the client is given another (any undici Dispatcher fits: Pool,
 * Agent, MockAgent…). Described here, so the client's published declarations (read by the
 * type-check of every program that imports the package) need none of undici's.
 */
export interface HttpDispatcher {
  request(options: {
    origin: string;
    path: string;
    method: HttpMethod;
    headers: Record<string, string>;
    body: string | null;
    signal: AbortSignal;
    headersTimeout: number;
    bodyTimeout: number;
  }): Promise<{
    statusCode: number;
    headers: ResponseHeaders;
    body: { text(): Promise<string> };
  }>;
  close(): Promise<void>;
}

/**
 * The connection pool a client uses unless given one: an undici Agent, so a Pool per origin with
 * keep-alive connections, owned by the client and closed by its `close()`. Idle connections hold
 * no process open (undici unrefs them), so a client never closed does not keep a process alive.
 *
 * undici loads on the first request, not with the client: a process that builds a client and
 * sends nothing never pays for it. It is undici from the package's dependencies, bundled into the
 * runtime bundle and the release binary, not the copy inside Node.js that fetch would load.
 *
 * undici's `request` returns redirects rather than following them, rejects a failed connection
 * with the system error's `code` (e.g. ECONNREFUSED) or its own (UND_ERR_SOCKET for a connection
 * dropped after the request), and rejects with the signal's reason on an abort. Unlike fetch it
 * neither asks for nor decodes a compressed body, so this does both: a list of many strategies
 * is large. The origin and the path travel apart, so a path is never resolved against the origin.
 */
export function undiciDispatcher(): HttpDispatcher {
  let undici: ReturnType<typeof loadUndici> | undefined;
  let agent: Agent | undefined;
  return {
    async request({ headers, signal, ...rest }) {
      undici ??= loadUndici();
      agent ??= new undici.Agent();
      const res = await undici.request.call(agent, {
        ...rest,
        headers: { "accept-encoding": ACCEPTED, ...headers },
        signal,
      });
      return {
        statusCode: res.statusCode,
        headers: res.headers,
        body: { text: () => readText(res.body, res.headers, signal) },
      };
    },
    async close() {
      const closing = agent;
      agent = undefined;
      await closing?.close();
    },
  };
}

/** `Dispatcher.prototype.request` of undici, called on an Agent. */
type RequestOf = (this: Agent, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/**
 * undici's Agent and its `request`, loaded with the first request from their own modules: the
 * same class and function as undici's index exports (test/integration/api/http-dispatcher.test.ts
 * holds them identical), without the index's other 85 modules (fetch, WebSocket, the caches, the
 * mocks), which were most of undici's share of the bundle and of the first request's time
 * (docs/benchmarks.md). The version is pinned in package.json, and esbuild resolves these paths
 * when the bundles are built.
 */
function loadUndici(): { Agent: typeof Agent; request: RequestOf } {
  return {
    Agent: require("undici/lib/dispatcher/agent"),
    request: require("undici/lib/api/api-request"),
  };
}

const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};
const ACCEPTED = "gzip, deflate, br";

/** The body, decoded when it came compressed; a failure of either side ends it with an error. */
function decoded(body: Readable, headers: ResponseHeaders): Readable {
  const encoding = headers["content-encoding"];
  const decoder = typeof encoding === "string" ? DECODERS[encoding.trim().toLowerCase()] : undefined;
  return decoder ? pipeline(body, decoder(), () => {}) : body;
}

/** The response body as text; an abort while it arrives rejects with the signal's reason. */
async function readText(raw: Readable, headers: ResponseHeaders, signal: AbortSignal): Promise<string> {
  const body = decoded(raw, headers);
  body.setEncoding("utf8");
  let text = "";
  try {
    for await (const chunk of body) text += chunk;
  } catch (err) {
    throw signal.aborted ? signal.reason : err;
  }
  return text;
}
