import { StrategyAlertsError } from "../model/errors";
import type { ErrorBody } from "../model/schemas/common";
import type { ValidationIssue } from "../model/validation-issue";

export { StrategyAlertsError };

/** Where a failed request went: the method and the route template (`/strategies/:id`). */
export interface RequestTarget {
  method: string;
  route: string;
}

/**
 * A request that failed, whichever way: every error of one request says where it went (the
 * method and the route template), stated here once for all of them.
 */
export class RequestError extends StrategyAlertsError {
  readonly method: string;
  readonly route: string;

  constructor(target: RequestTarget, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.method = target.method;
    this.route = target.route;
  }
}

/** The client was configured wrongly (missing key, malformed base URL); nothing was sent. */
export class ConfigurationError extends StrategyAlertsError {}

/** A client method got an argument it cannot send (an empty id, say); nothing was sent. */
export class RequestArgumentError extends StrategyAlertsError {}

/** The base URL is not an http(s) URL ending with `/api/external/v1`. */
export class BaseUrlError extends ConfigurationError {
  readonly baseUrl: string;

  /** `example`: the base URL the user likely meant (their origin with the prefix), when known. */
  constructor(baseUrl: string, problem: string, example?: string) {
    super(
      `Invalid baseUrl "${baseUrl}": ${problem}. ` +
        (example
          ? `If the API is at the root of this host, use ${example}; otherwise the address that ends with the API's version prefix.`
          : "Pass the API base address including its version prefix, for example https://api.example.com/api/external/v1."),
    );
    this.baseUrl = baseUrl;
  }
}

export interface ApiErrorInit extends RequestTarget {
  statusCode: number;
  /** The service's own message (already redacted). */
  serviceMessage: string;
  /** The service's `error` field, e.g. "Bad Request". */
  error: string;
  /** The decoded response body (already redacted). */
  body: unknown;
  attempts: number;
}

/** What to do next, per status; appended to every ApiError message. */
function hintFor(status: number): string {
  if (status === 400) return "Fix the request as the service's message says; it names the offending field.";
  if (status === 401)
    return "Check that the API key is current (a key is regenerated under Settings, API Access) and belongs to this base URL.";
  if (status === 403)
    return "The account has no active subscription or a plan limit was reached; compare with GET /me limits.";
  if (status === 404) return "The resource does not exist, was deleted, or belongs to another user.";
  if (status === 409) return "The resource is in a conflicting state; read it and reconcile before retrying.";
  if (status === 429)
    return "The rate limit was still exceeded after waiting; reduce parallel use of this API key.";
  if (status >= 500) return "The service failed; try again later.";
  return "See the service's message.";
}

/** An HTTP error answer of the service (4xx/5xx). Subclasses per status make `catch` precise. */
export class ApiError extends RequestError {
  readonly statusCode: number;
  /** The `error` field of the body (the status text), e.g. "Not Found". */
  readonly error: string;
  /** The service's own message, without the client's context. */
  readonly serviceMessage: string;
  readonly body: unknown;
  readonly attempts: number;

  constructor(init: ApiErrorInit) {
    const retried = init.attempts > 1 ? ` after ${init.attempts} attempts` : "";
    super(
      init,
      `${init.method} ${init.route} failed with ${init.statusCode} ${init.error}${retried}: ` +
        `${init.serviceMessage || "(no message)"}. ${hintFor(init.statusCode)}`,
    );
    this.statusCode = init.statusCode;
    this.error = init.error;
    this.serviceMessage = init.serviceMessage;
    this.body = init.body;
    this.attempts = init.attempts;
  }
}

export class BadRequestError extends ApiError {}
export class UnauthorizedError extends ApiError {}
export class ForbiddenError extends ApiError {}
export class NotFoundError extends ApiError {}
export class ConflictError extends ApiError {}

export class RateLimitError extends ApiError {
  /** The wait the service asked for on its last answer, when it sent Retry-After. */
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit & { retryAfterMs?: number }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

export class ServerError extends ApiError {}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** One problem in a list of them: `{path, message}` (also `field`/`property` for the path). */
function problemText(item: unknown): string | undefined {
  if (typeof item === "string") return item;
  if (typeof item !== "object" || item === null) return undefined;
  const o = item as Record<string, unknown>;
  const message = typeof o.message === "string" ? o.message : undefined;
  const path = [o.path, o.field, o.property].find((p): p is string => typeof p === "string" && p !== "");
  if (message === undefined) return path;
  return path && !message.startsWith(path) ? `${path}: ${message}` : message;
}

/**
 * The service's own words, whatever layout its error body uses (service-api.md#errors shows only
 * `{statusCode, message, error}`): `message` as a string or an array of strings, and a list of
 * problems as `errors` or `issues` (`[{path, message}]` or strings). Each problem is named by
 * its path, so a 400 for something the client accepted still says which field the service
 * refused. A message that already holds every problem is not repeated.
 */
export function serviceMessageOf(body: unknown): string {
  if (typeof body === "string") return body;
  if (typeof body !== "object" || body === null) return "";
  const b = body as Record<string, unknown>;
  const message = Array.isArray(b.message)
    ? b.message
        .map(problemText)
        .filter((t): t is string => t !== undefined)
        .join("; ")
    : typeof b.message === "string"
      ? b.message
      : "";
  const list = [b.errors, b.issues].find(Array.isArray) as unknown[] | undefined;
  const problems = (list ?? []).map(problemText).filter((t): t is string => t !== undefined && t !== "");
  const unsaid = problems.filter((p) => !message.includes(p));
  if (unsaid.length === 0) return message;
  return message ? `${message}: ${unsaid.join("; ")}` : unsaid.join("; ");
}

/** Builds the ApiError subclass for a status from a (redacted) decoded body. */
export function apiErrorFor(
  target: RequestTarget & { statusCode: number; body: unknown; attempts: number; retryAfterMs?: number },
): ApiError {
  const parsed = (target.body ?? {}) as ErrorBody;
  const serviceMessage = serviceMessageOf(target.body).slice(0, 2000);
  const error =
    typeof parsed.error === "string" ? parsed.error : (STATUS_TEXT[target.statusCode] ?? "HTTP error");
  const init: ApiErrorInit = {
    method: target.method,
    route: target.route,
    statusCode: target.statusCode,
    serviceMessage,
    error,
    body: target.body,
    attempts: target.attempts,
  };
  switch (target.statusCode) {
    case 400:
      return new BadRequestError(init);
    case 401:
      return new UnauthorizedError(init);
    case 403:
      return new ForbiddenError(init);
    case 404:
      return new NotFoundError(init);
    case 409:
      return new ConflictError(init);
    case 429:
      return new RateLimitError({ ...init, retryAfterMs: target.retryAfterMs });
    default:
      return target.statusCode >= 500 ? new ServerError(init) : new ApiError(init);
  }
}

/** The service could not be reached, or the connection broke before a full response arrived. */
export class ConnectionError extends RequestError {
  /** System or undici error code, e.g. ECONNREFUSED or UND_ERR_SOCKET. */
  readonly code: string | undefined;
  /** false when the connection never opened, so the request cannot have been applied. */
  readonly requestSent: boolean;
  readonly attempts: number;

  constructor(
    init: RequestTarget & { code?: string; detail: string; requestSent: boolean; attempts: number },
    options?: { cause?: unknown },
  ) {
    const what = init.requestSent
      ? "the connection broke before a response arrived"
      : "could not connect to the service";
    const retried = init.attempts > 1 ? ` (${init.attempts} attempts)` : "";
    super(
      init,
      `${init.method} ${init.route}: ${what}${retried}: ${init.detail}. ` +
        "Check baseUrl, that the service is running and reachable from here, then try again.",
      options,
    );
    this.code = init.code;
    this.requestSent = init.requestSent;
    this.attempts = init.attempts;
  }
}

/** No complete response within the client's per-request timeout. */
export class TimeoutError extends RequestError {
  readonly timeoutMs: number;
  readonly attempts: number;

  constructor(init: RequestTarget & { timeoutMs: number; attempts: number }) {
    const retried = init.attempts > 1 ? ` on each of ${init.attempts} attempts` : "";
    super(
      init,
      `${init.method} ${init.route} timed out: no complete response within ${init.timeoutMs} ms ` +
        `(the client's timeoutMs)${retried}. The service is slow or unreachable; raise timeoutMs or try again later.`,
    );
    this.timeoutMs = init.timeoutMs;
    this.attempts = init.attempts;
  }
}

/**
 * A write that must not be repeated blindly (POST /strategies, POST /backtests, POST performance
 * jobs, PUT /webhook with a url) failed in a way that leaves its outcome unknown: a 5xx, a
 * timeout or a connection dropped after sending. The client does not retry it, because a second
 * send could apply it twice; the caller reads the state back first (`readBack` says how).
 */
export class AmbiguousWriteError extends RequestError {
  /** When the request was sent (client clock, ISO 8601): anything it created is at or after this. */
  readonly requestSentAt: string;
  /** How to find out whether the write took effect. */
  readonly readBack: string;

  constructor(
    init: RequestTarget & { requestSentAt: string; readBack: string; reason: string },
    cause: StrategyAlertsError,
  ) {
    super(
      init,
      `${init.method} ${init.route} may or may not have been applied: ${init.reason}. ` +
        "It was not retried, because sending it again could apply it twice. " +
        `Before sending it again, ${init.readBack}`,
      { cause },
    );
    this.requestSentAt = init.requestSentAt;
    this.readBack = init.readBack;
  }
}

/**
 * The client was stopped (its `stopWrites` signal aborted, e.g. by SIGINT/SIGTERM) before this
 * write was sent; nothing of it reached the service.
 */
export class WriteStoppedError extends RequestError {
  constructor(init: RequestTarget) {
    super(init, `${init.method} ${init.route} was not sent: the client was stopped before it went out`);
  }
}

/** A 2xx response whose body does not have the shape this client expects. */
export class ResponseValidationError extends RequestError {
  readonly statusCode: number;
  readonly issues: readonly ValidationIssue[];
  readonly body: unknown;

  constructor(init: RequestTarget & { statusCode: number; issues: ValidationIssue[]; body: unknown }) {
    const shown = init.issues
      .slice(0, 3)
      .map((i) => `${i.path || "(body)"}: ${i.message}`)
      .join("; ");
    const more = init.issues.length > 3 ? ` (and ${init.issues.length - 3} more)` : "";
    super(
      init,
      `${init.method} ${init.route} returned ${init.statusCode} with a body this client does not understand: ` +
        `${shown}${more}. The service and the client disagree about the response shape; ` +
        "check that baseUrl points at this API version, or upgrade the client.",
    );
    this.statusCode = init.statusCode;
    this.issues = init.issues;
    this.body = init.body;
  }
}
