import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { pipeline, type Readable, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The connection pool requests go through, described by the two calls the transport makes on it:
 * `nodeHttpDispatcher` below unless the client is given another (any undici Dispatcher fits: Pool,
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
    headers: Record<string, string | string[] | undefined>;
    body: { text(): Promise<string> };
  }>;
  close(): Promise<void>;
}

/**
 * The connection pool a client uses unless given one: Node.js's own http and https modules, with
 * their process-wide keep-alive agents. Both load with Node.js itself. fetch would have been as
 * simple, but its first request loads the undici built into Node.js, about 80 ms before the first
 * byte is sent, on the critical path of every provider process; undici from node_modules took
 * about 0.14 s.
 *
 * It answers as an undici Pool would for the transport: redirects are returned, not followed, a
 * failed connection rejects with the system error's `code` (e.g. ECONNREFUSED or ECONNRESET),
 * and an abort rejects with the signal's reason. The transport's own abort bounds each attempt,
 * headers and body alike, so undici's separate header and body timeouts have no counterpart here.
 * Like fetch, it asks for a compressed body and decodes one: a list of many strategies is large.
 */
export function nodeHttpDispatcher(): HttpDispatcher {
  return {
    request({ origin, path, method, headers, body, signal }) {
      return new Promise((resolve, reject) => {
        // Joined as text, as fetch was given it: a path is never resolved against the origin.
        const url = new URL(`${origin}${path}`);
        const send = url.protocol === "https:" ? httpsRequest : httpRequest;
        const req = send(
          url,
          { method, headers: { "accept-encoding": ACCEPTED, ...headers }, signal },
          (res) => {
            resolve({
              statusCode: res.statusCode ?? 0,
              headers: res.headers,
              body: { text: () => readText(res, signal) },
            });
          },
        );
        req.on("error", (err) => reject(signal.aborted ? signal.reason : err));
        req.end(body ?? undefined);
      });
    },
    // Idle keep-alive sockets of Node's agents hold no process open and are shared by the process.
    close: async () => {},
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
function decoded(res: IncomingMessage): Readable {
  const encoding = res.headers["content-encoding"]?.trim().toLowerCase() ?? "";
  const decoder = DECODERS[encoding];
  return decoder ? pipeline(res, decoder(), () => {}) : res;
}

/** The response body as text; an abort while it arrives rejects with the signal's reason. */
async function readText(res: IncomingMessage, signal: AbortSignal): Promise<string> {
  const body = decoded(res);
  body.setEncoding("utf8");
  let text = "";
  try {
    for await (const chunk of body) text += chunk;
  } catch (err) {
    throw signal.aborted ? signal.reason : err;
  }
  return text;
}
