/**
 * The one rule of a webhook url (the spec leaves its format "not shown"; docs/spec-decisions.md,
 * webhook url): an absolute https URL, or plain http only to a loopback host (localhost,
 * 127.0.0.1, [::1]); no white space, control or invisible character, no credentials before the
 * host, no fragment, at most 2048 characters. The emulator answers a PUT /webhook that breaks it
 * with a 400, and the provider refuses it at preview with the same words, so what a preview
 * passes, `up` applies. No message quotes the url: it may carry its credential.
 */
import { maskUrl } from "./url-credentials";

const MAX_WEBHOOK_URL_LENGTH = 2048;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** What `new URL` would drop or percent-encode unseen: white space, controls, format characters. */
const UNSEEN = /[\s\p{Cc}\p{Cf}]/u;
const NOT_HTTP = "url must be an http(s) URL or null for none";

/** `\u0009`: a character as an escape. */
function escaped(char: string): string {
  const cp = char.codePointAt(0) ?? 0;
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, "0")}`;
}

/** What is wrong with a webhook url string, as a sentence starting `url must`, or undefined. */
export function webhookUrlProblem(raw: string): string | undefined {
  if (raw.length === 0) return "url must not be empty (null removes the webhook url)";
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    return `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters, got ${raw.length}`;
  const unseen = UNSEEN.exec(raw);
  if (unseen) {
    const position = [...raw.slice(0, unseen.index)].length + 1;
    const char = escaped(unseen[0]);
    return `url must not contain white space, control or invisible characters; it has ${char} at position ${position}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${NOT_HTTP}; it is not an absolute URL (https://host/path)`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `${NOT_HTTP}; its scheme is ${JSON.stringify(url.protocol.slice(0, -1))}`;
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname))
    return "url must use https; plain http is allowed only for localhost, 127.0.0.1 and [::1]";
  if (url.username !== "" || url.password !== "")
    return "url must not contain credentials (a user name or password before the host)";
  if (url.hash !== "" || raw.includes("#")) return "url must not contain a fragment (#…)";
  return undefined;
}

/**
 * Whether a declared url must be kept as a secret (in the state, in a preview): one with a query,
 * user info, a fragment or a path segment that looks like a credential (`url-credentials.ts`),
 * or text that is not a URL at all (it may be a mistyped secret). A plain URL stays plain.
 */
export function webhookUrlIsSecret(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const { masked, carriesCredentials } = maskUrl(value);
  return masked === undefined || carriesCredentials;
}
