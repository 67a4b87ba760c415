/** What a secret is replaced with wherever it could otherwise surface. */
export const REDACTED = "[REDACTED]";

/**
 * Removes a secret (the API key) from text and from decoded JSON values.
 *
 * The client never puts the key into an error or a log line itself, but the service may echo
 * it (a 401 message quoting the header, a proxy's error page), so everything the service sends
 * back passes through here before it is stored on an error or logged. The secret lives in a
 * private field so `util.inspect` of the redactor (or of anything holding it) cannot show it.
 */
export class Redactor {
  readonly #secrets: readonly string[];

  constructor(secrets: readonly string[]) {
    // A secret pasted into a URL comes back percent-encoded; redact those spellings as well.
    const spellings = secrets.flatMap((s) => [s, encodeURIComponent(s), encodeURI(s)]);
    this.#secrets = [...new Set(spellings.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.#secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  }

  /** Deep copy of a JSON-like value with every string redacted (object keys included). */
  value(input: unknown): unknown {
    if (typeof input === "string") return this.text(input);
    if (Array.isArray(input)) return input.map((v) => this.value(v));
    if (input !== null && typeof input === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input)) out[this.text(k)] = this.value(v);
      return out;
    }
    return input;
  }
}
