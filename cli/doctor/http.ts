/**
 * The doctor's own HTTP access to the service. The typed client hides what the doctor must see
 * (status codes, headers, the raw body, the `Date` header, every 429), so the doctor talks to the
 * service through undici directly and parses answers with the client's own schemas afterwards.
 * The key lives in a private field and everything the service sends back is redacted.
 */

import { Agent, type Dispatcher, request } from "undici";
import { parseBaseUrl } from "../../provider/api/base-url";
import { ConfigurationError } from "../../provider/api/errors";
import { Redactor } from "../../provider/api/redact";
import { parseRetryAfter } from "../../provider/api/retry";
import { StrategyAlertsError } from "../../provider/model/errors";

export interface DoctorResponse {
  method: string;
  /** Path relative to the base URL, e.g. `/strategies`. */
  path: string;
  status: number;
  /** Header names lower-cased; multiple values joined with ", ". Redacted. */
  headers: Record<string, string>;
  /** Decoded JSON (redacted), or undefined when the body was empty or not JSON. */
  json: unknown;
  /** The raw body text (redacted). */
  text: string;
  /** When the request was sent and the answer arrived, by the doctor's clock. */
  sentAt: number;
  receivedAt: number;
}

/** The connection could not be made: nothing reached the service. */
export class UnreachableError extends StrategyAlertsError {
  override readonly name = "UnreachableError";
  constructor(
    message: string,
    readonly kind: "refused" | "dns" | "tls" | "timeout" | "network",
  ) {
    super(message);
  }
}

/** The service answered, but not in a way the check can read; the row says "could not check". */
export class UnexpectedAnswerError extends StrategyAlertsError {}

export interface DoctorHttpOptions {
  apiKey: string;
  baseUrl: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
  /** How many 429s in a row one call waits out before it returns the 429. */
  max429Retries?: number;
  /** Told when a 429 is waited out, so a user knows why the doctor pauses. */
  log?: (line: string) => void;
}

export interface SendOptions {
  query?: Record<string, string>;
  body?: unknown;
  /** false sends no API key (the authentication check). */
  withKey?: boolean;
  /** `authorization` sends `Authorization: ApiKey <key>` instead of `X-API-Key`. */
  authHeader?: "x-api-key" | "authorization";
  /** Return a 429 at once instead of waiting it out (the rate probe counts them itself). */
  raw429?: boolean;
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i;

/** A clear sentence for why the connection failed, naming the host but never the key. */
export function describeConnectionFailure(error: unknown, origin: string): UnreachableError {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code ?? "";
  const detail = `${code ? `${code}: ` : ""}${e.cause?.message ?? e.message ?? String(error)}`;
  if (code === "ECONNREFUSED")
    return new UnreachableError(
      `connection refused by ${origin}: nothing listens there (is the URL's host and port right?)`,
      "refused",
    );
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new UnreachableError(
      `DNS lookup failed for ${origin}: the host name does not resolve (${code})`,
      "dns",
    );
  if (TLS_CODES.test(code) || TLS_CODES.test(detail))
    return new UnreachableError(
      `TLS handshake with ${origin} failed (${detail}): the certificate is not trusted or the port does not speak TLS`,
      "tls",
    );
  if (
    code === "UND_ERR_CONNECT_TIMEOUT" ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_BODY_TIMEOUT"
  )
    return new UnreachableError(`${origin} did not answer in time (${code})`, "timeout");
  return new UnreachableError(`could not reach ${origin} (${detail})`, "network");
}

export class DoctorHttp {
  readonly #apiKey: string;
  readonly #redactor: Redactor;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly origin: string;
  readonly basePath: string;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly #timeoutMs: number;
  readonly #max429: number;
  readonly #log: ((line: string) => void) | undefined;
  /** Every answer, in order (for the header checks). */
  readonly responses: DoctorResponse[] = [];
  /** Every 429 met, also those waited out. */
  readonly rateLimited: DoctorResponse[] = [];
  /** Send times of the requests the service admitted (not 429), for the rate probe. */
  readonly admitted: number[] = [];

  constructor(options: DoctorHttpOptions) {
    this.#apiKey = options.apiKey.trim();
    // Refused before any request, in words that do not quote the key (a header error could).
    if (!/^[\x21-\x7e]+$/.test(this.#apiKey))
      throw new ConfigurationError(
        "The API key is empty or contains spaces or non-printable characters; copy it again without surrounding text.",
      );
    this.#redactor = new Redactor([this.#apiKey]);
    const base = parseBaseUrl(options.baseUrl, (t) => this.#redactor.text(t));
    this.origin = base.origin;
    this.basePath = base.basePath;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#timeoutMs = options.timeoutMs ?? 20_000;
    this.#max429 = options.max429Retries ?? 3;
    this.#log = options.log;
    this.#ownsDispatcher = !options.dispatcher;
    this.#dispatcher =
      options.dispatcher ??
      new Agent({
        connect: { timeout: this.#timeoutMs },
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
  }

  redact(text: string): string {
    return this.#redactor.text(text);
  }

  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  /** One call; a 429 is waited out (Retry-After, else the rest of a minute) unless `raw429`. */
  async send(method: string, path: string, options: SendOptions = {}): Promise<DoctorResponse> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.#once(method, path, options);
      if (res.status !== 429) {
        this.admitted.push(res.sentAt);
        return res;
      }
      this.rateLimited.push(res);
      if (options.raw429 || attempt >= this.#max429) return res;
      const wait = Math.max(parseRetryAfter(res.headers["retry-after"], this.now()) ?? 60_000, 1_000);
      this.#log?.(`${method} ${path} met a 429; waiting ${Math.ceil(wait / 1000)} s`);
      await this.sleep(wait);
    }
  }

  async #once(method: string, path: string, options: SendOptions): Promise<DoctorResponse> {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : "";
    const url = `${this.origin}${this.basePath}${path}${query}`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.withKey !== false) {
      if (options.authHeader === "authorization") headers.authorization = `ApiKey ${this.#apiKey}`;
      else headers["x-api-key"] = this.#apiKey;
    }
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const sentAt = this.now();
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        dispatcher: this.#dispatcher,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
    } catch (e) {
      const failure = describeConnectionFailure(e, this.origin);
      throw new UnreachableError(this.redact(failure.message), failure.kind);
    }
    const text = this.redact(await res.body.text());
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      out[name.toLowerCase()] = this.redact(Array.isArray(value) ? value.join(", ") : value);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const response: DoctorResponse = {
      method,
      path,
      status: res.statusCode,
      headers: out,
      json,
      text,
      sentAt,
      receivedAt: this.now(),
    };
    this.responses.push(response);
    return response;
  }
}
