/**
 * The client's former transport, kept as the benchmarks' baseline: Node.js's own http and https
 * modules with their process-wide keep-alive agents, which load with Node.js itself. It answers
 * as the product's undici dispatcher does (provider/api/http-dispatcher.ts): redirects returned,
 * system error codes, the abort's reason, compressed bodies asked for and decoded.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { pipeline, type Readable, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { HttpDispatcher } from "../../provider/api/http-dispatcher";

export function nodeHttpDispatcher(): HttpDispatcher {
  return {
    request({ origin, path, method, headers, body, signal }) {
      return new Promise((resolve, reject) => {
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

function decoded(res: IncomingMessage): Readable {
  const encoding = res.headers["content-encoding"]?.trim().toLowerCase() ?? "";
  const decoder = DECODERS[encoding];
  return decoder ? pipeline(res, decoder(), () => {}) : res;
}

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
