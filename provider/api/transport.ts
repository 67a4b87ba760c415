import { z } from "zod";
import { formatPath } from "../model/validation-issue";
import { type ParsedBaseUrl, parseBaseUrl } from "./base-url";
import {
  AmbiguousWriteError,
  apiErrorFor,
  ConfigurationError,
  ConnectionError,
  ResponseValidationError,
  StrategyAlertsError,
  TimeoutError,
  WriteStoppedError,
} from "./errors";
import { type HttpDispatcher, type HttpMethod, undiciDispatcher } from "./http-dispatcher";
import { fillRoute, serializeQuery } from "./query";
import { parseRateLimitHeaders } from "./rate-limit-headers";
import { type RateLimiter, realSleep, sharedRateLimiter, type WaitListener } from "./rate-limiter";
import { Redactor } from "./redact";
import {
  backoffMs,
  DEFAULT_RETRY,
  type Failure,
  parseRetryAfter,
  type RequestKind,
  requestKindOf,
  shouldRetry,
} from "./retry";
import { parseHttpDate, type ServiceDateSample } from "./service-clock";

export type AuthHeaderMode = "x-api-key" | "authorization";

/** Minimal logger: console, pino and most loggers fit. Lines never contain the key. */
export interface ClientLogger {
  debug?(message: string, details?: Record<string, unknown>): void;
  warn?(message: string, details?: Record<string, unknown>): void;
}

export interface RetryOptions {
  maxAttempts: number;
  baseMs: number;
  capMs: number;
  maxRateLimitRetries: number;
}

export interface TransportOptions {
  apiKey: string;
  /** Must end with /api/external/v1. */
  baseUrl: string;
  /** `x-api-key` (default) sends `X-API-Key: <key>`; `authorization` sends `Authorization: ApiKey <key>`. */
  authHeader?: AuthHeaderMode;
  /** Per attempt: the whole response (headers and body) must arrive within this. Default 30 s. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  logger?: ClientLogger;
  /** Told about every wait (rate limit, Retry-After, backoff) so a CLI can say why it pauses. */
  onWait?: WaitListener;
  userAgent?: string;
  /** Overrides the process-wide limiter of this key (tests, or a deliberately separate budget). */
  rateLimiter?: RateLimiter;
  /**
   * Share this key's window with other processes on this machine through a small file in the OS
   * temp directory (named by a hash of service and key, never the key). Default true.
   */
  shareRateWindow?: boolean;
  /**
   * Before the first write (or the first read that would wait), ask `GET /me` for the plan's
   * rate unless this or an earlier process already knows it (the Pulumi provider does). Default
   * false: the client sends only what it is asked to and paces at the stricter plan's rate
   * until the caller's own `account.me()` or a rate an earlier process shared.
   */
  learnRate?: boolean;
  /**
   * Overrides the connection pool (tests, proxies): an undici Dispatcher, for example. Not closed
   * by `close()`. Default: an undici Agent of the client's own (`undiciDispatcher`, http-dispatcher.ts).
   */
  dispatcher?: HttpDispatcher;
  /**
   * Once aborted (a command got SIGINT/SIGTERM), no POST, PUT or PATCH goes out any more, not
   * even one already waiting for the rate limit or a retry: it throws WriteStoppedError.
   * Reads and deletes still go, so the command can clean up what it made.
   */
  stopWrites?: AbortSignal;
}

/**
 * What the transport asks of a response's schema (a zod schema has it), described here so the
 * client's published declarations need none of zod's.
 */
interface ResponseSchema<T> {
  safeParse(
    body: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export interface RequestSpec<T> {
  method: HttpMethod;
  /** Route template as in the spec, e.g. `/strategies/:id`; errors name it. */
  route: string;
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  schema: ResponseSchema<T>;
  /** Defaults to the write-safety table (`requestKindOf`). */
  kind?: RequestKind;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The one field of `GET /me` the limiter needs. */
const AccountRateSchema = z.looseObject({
  limits: z.looseObject({ rateLimit: z.looseObject({ requestsPerMinute: z.number() }) }),
});
const DEFAULT_USER_AGENT = `pulumi-strategy-alerts-client (node ${process.version})`;

/** Codes meaning the connection never opened, so nothing reached the service. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

type Attempt =
  | { ok: true; status: number; value: unknown }
  | { ok: false; failure: Failure; error: StrategyAlertsError; retryAfterMs?: number; resetMs?: number };

/** Distinguishes our own timeout from other aborts. */
class AttemptTimedOut extends StrategyAlertsError {
  constructor() {
    super("the attempt reached the client's timeoutMs");
  }
}

/** The low-level failure under a ConnectionError, with its text already redacted. */
class NetworkFailure extends StrategyAlertsError {
  readonly code: string | undefined;

  constructor(detail: string, code: string | undefined) {
    super(detail);
    this.code = code;
  }
}

/** Read-back advice for AmbiguousWriteError, per non-idempotent route. */
function readBackFor(method: string, route: string): string {
  const key = `${method} ${route}`;
  if (key === "POST /strategies")
    return "list GET /strategies and look for a strategy with the same name and content created at or after requestSentAt.";
  if (key === "POST /backtests")
    return "list GET /backtests and look for a job of that strategy created at or after requestSentAt.";
  if (key === "PUT /webhook")
    return "read GET /webhook; if it shows the new url but you hold no secret for it, rotate (url null, then the url) to obtain one.";
  if (key === "POST /notifications/performance/jobs")
    return "note that a duplicate job is harmless; create a new job if you have no jobId.";
  return "read the resource to see whether the change took effect.";
}

/**
 * Sends one logical request: rate limit, auth, JSON, per-attempt timeout, retries by the
 * write-safety table, and zod validation of the answer. Holds the key in a private field only.
 */
export class Transport {
  readonly #apiKey: string;
  readonly #authHeader: AuthHeaderMode;
  readonly #base: ParsedBaseUrl;
  readonly #redactor: Redactor;
  readonly #dispatcher: HttpDispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #timeoutMs: number;
  readonly #retry: RetryOptions;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #logger: ClientLogger | undefined;
  readonly #onWait: WaitListener | undefined;
  readonly #userAgent: string;
  readonly #learnRate: boolean;
  readonly #stopWrites: AbortSignal | undefined;
  #serviceDate: ServiceDateSample | undefined;
  readonly rateLimiter: RateLimiter;

  constructor(options: TransportOptions) {
    const apiKey = typeof options.apiKey === "string" ? options.apiKey.trim() : "";
    if (!apiKey) {
      throw new ConfigurationError(
        "No API key given: pass apiKey (create one in the application under Settings, API Access).",
      );
    }
    // A key with whitespace or control characters cannot be a header value; undici's own error
    // could quote it, so refuse early with a message that does not.
    if (!/^[\x21-\x7e]+$/.test(apiKey)) {
      throw new ConfigurationError(
        "The API key contains spaces or non-printable characters; copy it again without surrounding text.",
      );
    }
    this.#apiKey = apiKey;
    this.#redactor = new Redactor([apiKey]);
    this.#base = parseBaseUrl(String(options.baseUrl ?? ""), (t) => this.#redactor.text(t));
    const authHeader = options.authHeader ?? "x-api-key";
    if (authHeader !== "x-api-key" && authHeader !== "authorization") {
      throw new ConfigurationError(
        `authHeader must be "x-api-key" or "authorization", not "${String(authHeader)}".`,
      );
    }
    this.#authHeader = authHeader;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#logger = options.logger;
    this.#onWait = options.onWait;
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.rateLimiter =
      options.rateLimiter ??
      sharedRateLimiter(apiKey, this.#base.origin, {
        now: this.#now,
        sleep: this.#sleep,
        shareAcrossProcesses: options.shareRateWindow ?? true,
      });
    this.#learnRate = options.learnRate ?? false;
    this.#stopWrites = options.stopWrites;
    this.#ownsDispatcher = !options.dispatcher;
    this.#dispatcher = options.dispatcher ?? undiciDispatcher();
  }

  /**
   * The latest answer's `Date` header with the local times its request was sent and it arrived
   * (service-clock.ts); undefined until an answer carries a readable one.
   */
  get serviceDate(): ServiceDateSample | undefined {
    return this.#serviceDate;
  }

  /** Closes the connection pool this transport created. */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  async request<T>(spec: RequestSpec<T>): Promise<T> {
    const { method, route } = spec;
    const kind = spec.kind ?? requestKindOf(method, route, spec.body);
    const path = `${this.#base.basePath}${fillRoute(route, spec.params)}${serializeQuery(spec.query)}`;
    const target = { method, route };
    let failures = 0;
    let rateLimited = 0;
    let attempts = 0;
    /** The wait the last answer (a 429) asked of this request, for the next acquire to announce. */
    let askedMs: number | undefined;
    if (this.#shouldLearnRate(method, route)) await this.rateLimiter.learnRate(() => this.#planRate());
    for (;;) {
      await this.rateLimiter.acquire(this.#onWait, target, askedMs);
      askedMs = undefined;
      if (this.#stopWrites?.aborted && method !== "GET" && method !== "DELETE")
        throw new WriteStoppedError(target);
      attempts++;
      const sentAt = this.#now();
      const outcome = await this.#attempt(spec, path, attempts);
      if (outcome.ok) return this.#validate(spec, outcome.status, outcome.value);

      const { failure } = outcome;
      const is429 = failure.type === "status" && failure.status === 429;
      const count = is429 ? ++rateLimited : ++failures;
      const decision = shouldRetryFor(kind, failure, count, this.#retry);
      if (decision.action === "ambiguous") {
        throw new AmbiguousWriteError(
          {
            ...target,
            requestSentAt: new Date(sentAt).toISOString(),
            readBack: readBackFor(method, route),
            reason: describeFailure(failure, this.#timeoutMs),
          },
          outcome.error,
        );
      }
      if (decision.action === "fail") throw outcome.error;

      let waitMs: number;
      if (decision.wait === "rate-limit") {
        // Pausing the shared limiter holds every request of this key, not just this one.
        waitMs = this.rateLimiter.pauseAfter429(outcome.retryAfterMs, outcome.resetMs, rateLimited);
        askedMs = waitMs;
        this.#log("warn", `${method} ${route} got 429; waiting ${waitMs} ms before retrying`, { waitMs });
        continue;
      }
      waitMs = Math.max(
        backoffMs(count, { baseMs: this.#retry.baseMs, capMs: this.#retry.capMs, random: this.#random }),
        outcome.retryAfterMs ?? 0,
      );
      this.#log(
        "warn",
        `${method} ${route} failed (${describeFailure(failure, this.#timeoutMs)}); retrying`,
        {
          attempt: attempts,
          waitMs,
        },
      );
      this.#onWait?.({
        reason: "retry-backoff",
        waitMs,
        requestsPerMinute: this.rateLimiter.requestsPerMinute,
        ...target,
      });
      await this.#sleep(waitMs);
    }
  }

  /**
   * The plan's rate matters once requests must be paced: from the first write on (a command of
   * many writes), or when reads alone fill the default window. One read per process at most,
   * and none when an earlier process on this machine learned it.
   */
  #shouldLearnRate(method: HttpMethod, route: string): boolean {
    if (!this.#learnRate || this.rateLimiter.rateKnown || route === "/me") return false;
    return method !== "GET" || this.rateLimiter.saturated;
  }

  async #planRate(): Promise<number> {
    const account = await this.request({ method: "GET", route: "/me", schema: AccountRateSchema });
    return account.limits.rateLimit.requestsPerMinute;
  }

  #headers(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: "application/json", "user-agent": this.#userAgent };
    if (this.#authHeader === "authorization") headers.authorization = `ApiKey ${this.#apiKey}`;
    else headers["x-api-key"] = this.#apiKey;
    if (hasBody) headers["content-type"] = "application/json";
    return headers;
  }

  async #attempt<T>(spec: RequestSpec<T>, path: string, attempts: number): Promise<Attempt> {
    const { method, route } = spec;
    const hasBody = spec.body !== undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new AttemptTimedOut()), this.#timeoutMs);
    const started = this.#now();
    this.#log("debug", `${method} ${route} attempt ${attempts}`, { path: this.#redactor.text(path) });
    try {
      const res = await this.#dispatcher.request({
        origin: this.#base.origin,
        path,
        method,
        headers: this.#headers(hasBody),
        body: hasBody ? JSON.stringify(spec.body) : null,
        signal: controller.signal,
        // Backstops only; the abort above fires first and names the limit.
        headersTimeout: this.#timeoutMs + 1_000,
        bodyTimeout: this.#timeoutMs + 1_000,
      });
      const text = await res.body.text();
      const dateMs = parseHttpDate(res.headers.date);
      if (dateMs !== undefined) this.#serviceDate = { dateMs, sentAtMs: started, receivedAtMs: this.#now() };
      const status = res.statusCode;
      this.#log("debug", `${method} ${route} answered ${status}`, { ms: this.#now() - started });
      const body = this.#decode(text);
      const serverWindow = parseRateLimitHeaders(res.headers, this.#now());
      if (serverWindow) this.rateLimiter.observeServerWindow(serverWindow, started);
      if (status >= 200 && status < 300) return { ok: true, status, value: body };
      const retryAfterMs = parseRetryAfter(res.headers["retry-after"], this.#now());
      const error = apiErrorFor({ method, route, statusCode: status, body, attempts, retryAfterMs });
      return {
        ok: false,
        failure: { type: "status", status, retryAfterMs },
        error,
        retryAfterMs,
        ...(serverWindow ? { resetMs: serverWindow.resetMs } : {}),
      };
    } catch (err) {
      const code = errorCode(err);
      if (
        controller.signal.aborted ||
        code === "UND_ERR_HEADERS_TIMEOUT" ||
        code === "UND_ERR_BODY_TIMEOUT"
      ) {
        return {
          ok: false,
          failure: { type: "timeout" },
          error: new TimeoutError({ method, route, timeoutMs: this.#timeoutMs, attempts }),
        };
      }
      const requestSent = !(code && NOT_SENT_CODES.has(code));
      const detail = this.#redactor.text(`${code ?? "error"}: ${(err as Error)?.message ?? String(err)}`);
      const cause = new NetworkFailure(detail, code);
      return {
        ok: false,
        failure: { type: requestSent ? "dropped" : "connect" },
        error: new ConnectionError({ method, route, code, detail, requestSent, attempts }, { cause }),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  /** JSON when it parses, otherwise the (redacted, truncated) text; undefined when empty. */
  #decode(text: string): unknown {
    if (text.length === 0) return undefined;
    try {
      return this.#redactor.value(JSON.parse(text));
    } catch {
      return this.#redactor.text(text.slice(0, 2000));
    }
  }

  #validate<T>(spec: RequestSpec<T>, statusCode: number, body: unknown): T {
    const parsed = spec.schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({
      path: formatPath(issue.path, ""),
      message: this.#redactor.text(issue.message),
    }));
    throw new ResponseValidationError({ method: spec.method, route: spec.route, statusCode, issues, body });
  }

  #log(level: "debug" | "warn", message: string, details?: Record<string, unknown>): void {
    const fn = this.#logger?.[level];
    if (!fn) return;
    const safeDetails = details ? (this.#redactor.value(details) as Record<string, unknown>) : undefined;
    fn.call(this.#logger, this.#redactor.text(message), safeDetails);
  }
}

/** `shouldRetry` with the limits taken from the transport options. */
function shouldRetryFor(kind: RequestKind, failure: Failure, count: number, retry: RetryOptions) {
  return shouldRetry(kind, failure, count, {
    maxAttempts: retry.maxAttempts,
    maxRateLimitRetries: retry.maxRateLimitRetries,
  });
}

function describeFailure(failure: Failure, timeoutMs: number): string {
  switch (failure.type) {
    case "status":
      return `the service answered ${failure.status}`;
    case "timeout":
      return `no response within ${timeoutMs} ms`;
    case "dropped":
      return "the connection broke after the request was sent";
    case "connect":
      return "the connection could not be opened";
  }
}

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  if (typeof e?.code === "string") return e.code;
  if (typeof e?.cause?.code === "string") return e.cause.code;
  return undefined;
}
