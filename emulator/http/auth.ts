import type { IncomingHttpHeaders } from "node:http";
import type { UserRecord } from "../store/records";
import type { Store } from "../store/store";
import { forbidden, unauthorized } from "./errors";

/**
 * service-api.md#authentication. The key may come in `X-API-Key: <key>` or `Authorization: ApiKey <key>`
 * (scheme case-insensitive). Both at once are accepted when they carry the same key and
 * rejected with 401 when they differ (the request is ambiguous). An Authorization header with
 * another scheme is ignored. `X-Svc-API-Key` is never read.
 */
const API_KEY_REQUIRED =
  "An API key is required: send it in the X-API-Key header or in the Authorization header as 'ApiKey <key>'";

export function authenticate(headers: IncomingHttpHeaders, store: Store): UserRecord {
  const direct = single(headers["x-api-key"]);
  const fromAuthorization = apiKeyFromAuthorization(single(headers.authorization));
  if (direct === undefined && fromAuthorization === undefined) {
    const hint = headers["x-svc-api-key"] !== undefined ? " (the X-Svc-API-Key header is not accepted)" : "";
    throw unauthorized(`${API_KEY_REQUIRED}${hint}`);
  }
  if (direct !== undefined && fromAuthorization !== undefined && direct !== fromAuthorization) {
    throw unauthorized(
      `Conflicting API keys: X-API-Key and Authorization carry different keys. ${API_KEY_REQUIRED}, in exactly one header`,
    );
  }
  const key = (direct ?? fromAuthorization)!;
  const user = key === "" ? undefined : store.userByApiKey(key);
  if (!user) throw unauthorized(`Invalid API key. ${API_KEY_REQUIRED}`);
  if (!user.subscriptionActive) {
    throw forbidden("An active subscription is required to use the external API");
  }
  return user;
}

function single(v: string | string[] | undefined): string | undefined {
  if (v === undefined) return undefined;
  // A repeated header arrives as a list (or joined with ", "); take it verbatim so a
  // duplicated header never matches a stored key by accident.
  return (Array.isArray(v) ? v.join(", ") : v).trim();
}

function apiKeyFromAuthorization(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  const m = /^ApiKey(?:\s+(.*))?$/i.exec(v);
  if (!m) return undefined;
  return (m[1] ?? "").trim();
}
