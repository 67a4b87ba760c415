/**
 * What in a URL may authenticate to it, found once for every place that prints or writes a URL
 * (the review, import, errors). Webhook endpoints of chat services carry their credential in the
 * path (`/services/T000/B000/XXXX`, `/bot123:ABC…/`), others in the query (`?token=…`, or a bare
 * `?SECRET`) or in user info; all of those are masked, the host and the plain path stay readable.
 */

/** Replaces every masked part. */
const MASK = "***";

/** Path segments after one of these carry the credential in chat-style webhook URLs. */
const CREDENTIAL_PATH_PREFIXES = new Set(["services", "hooks", "webhooks", "api-hooks"]);
/** Segments that name what follows as a credential (`/token/…`, `/apikey/…`). */
const CREDENTIAL_NAMES = new Set([
  "token",
  "tokens",
  "key",
  "keys",
  "apikey",
  "api-key",
  "api_key",
  "secret",
  "secrets",
  "auth",
]);
/** A bot token: digits, a colon, then the secret. */
const BOT_TOKEN = /^bot\d+:/i;
/** At least 16 characters of letters, digits, `-` and `_`, mixing letters with digits: a token, not a word. */
const RANDOM_TOKEN = /^[A-Za-z0-9_-]{16,}$/;

function looksLikeToken(segment: string): boolean {
  if (BOT_TOKEN.test(segment)) return true;
  // Path parameters (`a;token=x`, `key=x`) carry values, and a value in a webhook path is a credential.
  if (segment.includes("=")) return true;
  if (!RANDOM_TOKEN.test(segment)) return false;
  return /[0-9]/.test(segment) && /[A-Za-z]/.test(segment);
}

export interface MaskedUrl {
  /** The URL with every credential replaced by `***`; undefined when the text is not a URL. */
  masked: string | undefined;
  /** Whether anything was masked (the URL itself is then a secret). */
  carriesCredentials: boolean;
}

/** Masks user info, query keys and values, a fragment, and path segments that look like credentials. */
export function maskUrl(text: string): MaskedUrl {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { masked: undefined, carriesCredentials: false };
  }
  let masked = false;
  const userinfo = u.username !== "" || u.password !== "";
  if (userinfo) masked = true;
  const segments = u.pathname.split("/");
  let afterPrefix = false;
  const pathOut = segments.map((raw, i) => {
    if (i === 0 || raw === "") return raw;
    const seg = safeDecode(raw);
    if (afterPrefix || looksLikeToken(seg)) {
      masked = true;
      return MASK;
    }
    const lower = seg.toLowerCase();
    if ((CREDENTIAL_PATH_PREFIXES.has(lower) || CREDENTIAL_NAMES.has(lower)) && i < segments.length - 1)
      afterPrefix = true;
    return raw;
  });
  const hasQuery = u.search.length > 1;
  const hasFragment = u.hash.length > 1;
  if (hasQuery || hasFragment) masked = true;
  const origin = `${u.protocol}//${userinfo ? `${MASK}@` : ""}${u.host}`;
  const query = hasQuery ? `?${MASK}` : "";
  const fragment = hasFragment ? `#${MASK}` : "";
  return { masked: origin + pathOut.join("/") + query + fragment, carriesCredentials: masked };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The masked URL, or a fixed word for text that is not a URL (it may be a mistyped secret). */
export function printableUrl(text: string): string {
  return maskUrl(text).masked ?? "(not a valid URL)";
}

/** A URL inside free text: a scheme, `://`, then everything up to a space or a quote. */
const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s<>`"']*/gi;

/**
 * Free text (an error message, a diagnostic) with every URL in it masked. A URL that does not
 * parse, which is what a validation error quotes, keeps only its scheme: nothing else of it is
 * known to be safe to show.
 */
export function maskUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => {
    const masked = maskUrl(url).masked;
    return masked ?? `${url.slice(0, url.indexOf("://") + 3)}${MASK}`;
  });
}
