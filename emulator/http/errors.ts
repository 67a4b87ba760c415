/**
 * Typed HTTP errors. Every error the emulator sends has the spec's body
 * `{statusCode, message, error}` (service-api.md#errors); 400s may add `issues`.
 */
import { StrategyAlertsError } from "../../provider/model/errors";

export interface Issue {
  path: string;
  message: string;
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  issues?: Issue[];
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? "Server Error" : "Error");
}

export class HttpError extends StrategyAlertsError {
  readonly headers: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: Issue[],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.headers = headers;
  }

  body(): ErrorBody {
    const body: ErrorBody = {
      statusCode: this.statusCode,
      message: this.message,
      error: reasonPhrase(this.statusCode),
    };
    if (this.issues && this.issues.length > 0) body.issues = this.issues;
    return body;
  }
}

/** An error whose body carries extra members beside the standard three (e.g. `available`). */
export class HttpErrorWithBody extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    private readonly extra: Record<string, unknown>,
  ) {
    super(statusCode, message);
  }

  override body(): ErrorBody {
    return { ...super.body(), ...this.extra };
  }
}

/** Joins every issue into one message so a client that only shows `message` still names each field. */
export function badRequest(issues: Issue[] | string): HttpError {
  const list = typeof issues === "string" ? [{ path: "", message: issues }] : issues;
  return new HttpError(
    400,
    list.map((i) => i.message).join("; "),
    typeof issues === "string" ? undefined : list,
  );
}

export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Without `retryAfterSeconds` (variant no-retry-after) the 429 carries no Retry-After. */
export function tooManyRequests(
  retryAfterSeconds: number | undefined,
  headers: Record<string, string> = {},
): HttpError {
  const retry: Record<string, string> =
    retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) };
  return new HttpError(429, "Rate limit exceeded", undefined, { ...headers, ...retry });
}
