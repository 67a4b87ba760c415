import { maskUrl } from "../model/url-credentials";
import { BaseUrlError } from "./errors";

/** Every endpoint path of the spec is relative to a base address ending with this prefix. */
const API_PREFIX = "/api/external/v1";

export interface ParsedBaseUrl {
  /** scheme://host:port, what the connection pool is keyed by. */
  origin: string;
  /** Path prefix without a trailing slash, e.g. `/api/external/v1` or `/proxy/api/external/v1`. */
  basePath: string;
}

/**
 * Checks and splits the base URL. A missing version prefix is the usual mistake (pointing at the
 * host only); it would otherwise surface as a confusing 404 on the first request. The URL a
 * message quotes is masked (a path segment or query that looks like a token, user info) and
 * passed through `redact` (the key).
 */
export function parseBaseUrl(baseUrl: string, redact: (text: string) => string): ParsedBaseUrl {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new BaseUrlError(redact(baseUrl), "it is not an absolute URL (scheme://host/path)");
  }
  // Credentials in a URL would end up in error messages; never accept them.
  const masked = maskUrl(`${url.protocol}//${url.host}${url.pathname}`).masked ?? url.origin;
  const shown = redact(masked);
  if (url.username || url.password)
    throw new BaseUrlError(shown, "it must not carry a user name or password");
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new BaseUrlError(shown, `the scheme must be http or https, not ${url.protocol.replace(":", "")}`);
  }
  if (url.search || url.hash) throw new BaseUrlError(shown, "it must not carry a query string or fragment");
  const basePath = url.pathname.replace(/\/+$/, "");
  if (!basePath.endsWith(API_PREFIX)) {
    const path = redact(new URL(masked).pathname);
    throw new BaseUrlError(
      shown,
      `it is a valid URL, but its path must end with ${API_PREFIX}, where the API's endpoints are, and "${path}" does not`,
      redact(`${url.origin}${API_PREFIX}`),
    );
  }
  return { origin: url.origin, basePath };
}
