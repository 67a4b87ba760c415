export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The connection pool requests go through, described by the two calls the transport makes on it:
 * `fetchDispatcher` below unless the client is given another (any undici Dispatcher fits: Pool,
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
 * The connection pool a client uses unless given one: Node.js's own fetch, whose keep-alive
 * pool is the undici built into Node.js. It loads in milliseconds; undici from node_modules took
 * about 0.14 s in every provider process (a fixed cost of each command).
 *
 * It answers as an undici Pool would for the transport: redirects are returned, not followed, and
 * a failed connection rejects with undici's error (its `code`, e.g. ECONNREFUSED or
 * UND_ERR_SOCKET), not fetch's generic "fetch failed". The transport's own abort bounds each
 * attempt, so undici's separate header and body timeouts have no counterpart here.
 */
export function fetchDispatcher(): HttpDispatcher {
  return {
    async request({ origin, path, method, headers, body, signal }) {
      let res: Response;
      try {
        res = await fetch(`${origin}${path}`, { method, headers, body, signal, redirect: "manual" });
      } catch (err) {
        throw networkCause(err);
      }
      return {
        statusCode: res.status,
        headers: Object.fromEntries(res.headers),
        body: { text: () => res.text() },
      };
    },
    // Idle keep-alive sockets of Node's pool hold no process open and are shared by the process.
    close: async () => {},
  };
}

/** fetch wraps a network failure in `TypeError: fetch failed`; the cause names what happened. */
function networkCause(err: unknown): unknown {
  const cause = (err as { cause?: unknown } | undefined)?.cause;
  return err instanceof TypeError && cause instanceof Error ? cause : err;
}
