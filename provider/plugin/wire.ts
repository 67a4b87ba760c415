/**
 * The property bags of the provider protocol, as the runtime reads them. Values travel in a
 * protobuf Struct; a secret is an object carrying the signature key, and a value unknown during
 * preview is the unknown sentinel string, which is also what the runtime understands as unknown
 * (runtime/inputs.ts), so it passes through untouched.
 */
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import type { PropertyBag } from "../runtime/inputs";

export const SIGNATURE_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIGNATURE = "1b47061264138c4ac30d75fd1eb44270";

type Struct = structproto.Struct;

function isSecret(value: unknown): value is { value?: unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<string, unknown>)[SIGNATURE_KEY] === SECRET_SIGNATURE
  );
}

export function secret(value: unknown): Record<string, unknown> {
  return { [SIGNATURE_KEY]: SECRET_SIGNATURE, value };
}

/** A bag with its secrets opened, and the top-level keys that held a secret anywhere inside. */
export interface OpenedBag {
  bag: PropertyBag;
  secretKeys: Set<string>;
}

export function open(struct: Struct | undefined): OpenedBag {
  const secretKeys = new Set<string>();
  const entries = Object.entries(struct?.toJavaScript() ?? {}).map(([key, value]) => {
    const found = { secret: false };
    const opened = reveal(value, found);
    if (found.secret) secretKeys.add(key);
    return [key, opened] as const;
  });
  // Own properties, even for a "__proto__" key: a key from a program is data.
  return { bag: Object.fromEntries(entries), secretKeys };
}

function reveal(value: unknown, found: { secret: boolean }): unknown {
  if (isSecret(value)) {
    found.secret = true;
    return reveal(value.value ?? null, found);
  }
  if (Array.isArray(value)) return value.map((v) => reveal(v, found));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reveal(v, found)]));
  }
  return value;
}

/**
 * A bag for the engine: undefined values dropped (a Struct cannot hold them) and the named
 * top-level keys wrapped as secrets, so a secret that came in (or the webhook's signing secret)
 * goes back out as one and is encrypted in state.
 */
export function seal(bag: PropertyBag | undefined, secretKeys: Iterable<string> = []): Struct {
  const keys = new Set(secretKeys);
  const out: Record<string, structproto.JavaScriptValue> = {};
  for (const [key, value] of Object.entries(bag ?? {})) {
    if (value === undefined) continue;
    const plain = withoutUndefined(value) as structproto.JavaScriptValue;
    out[key] = keys.has(key) ? (secret(plain) as structproto.JavaScriptValue) : plain;
  }
  return structproto.Struct.fromJavaScript(out);
}

function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : withoutUndefined(v)));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, withoutUndefined(v)]),
    );
  }
  return value;
}
