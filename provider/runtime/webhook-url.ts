import { isUnknown } from "../model/unknown-value";
import { describeValue } from "../model/validation-issue";

/**
 * What is wrong with a Webhook's declared `url`, or undefined. The value is not quoted: a
 * webhook URL often carries its credential, and the reason names what to fix without it.
 */
export function urlFailure(value: unknown): string | undefined {
  if (value === undefined || value === null || isUnknown(value)) return undefined;
  if (typeof value !== "string")
    return `url must be a string (an http(s) URL) or null for none, got ${describeValue(value)}`;
  if (/\s/.test(value)) return "url must be an http(s) URL or null for none; it contains white space";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "url must be an http(s) URL or null for none; it is not an absolute URL (https://host/path)";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `url must be an http(s) URL or null for none; its scheme is ${describeValue(url.protocol.slice(0, -1))}`;
  return undefined;
}
