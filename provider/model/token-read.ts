/**
 * Defensive reads of a token observation. Evaluation accepts tokens that never went through
 * TokenObservationSchema (a user's hand-written sample, a partial control-plane upsert), so a
 * value of the wrong type or a non-finite number reads as "absent" instead of throwing or
 * comparing nonsense: the rule then reports "no data".
 */

type Bag = Readonly<Record<string, unknown>>;

export function readNumber(bag: unknown, key: string): number | undefined {
  const v = isBag(bag) ? bag[key] : undefined;
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

export function readBoolean(bag: unknown, key: string): boolean | undefined {
  const v = isBag(bag) ? bag[key] : undefined;
  return typeof v === "boolean" ? v : undefined;
}

/** A string that is one of `allowed`, compared after `normalise`. */
export function readMember<T extends string>(
  bag: unknown,
  key: string,
  allowed: readonly T[],
  normalise: (s: string) => string = (s) => s,
): T | undefined {
  const v = isBag(bag) ? bag[key] : undefined;
  if (typeof v !== "string") return undefined;
  const n = normalise(v);
  return (allowed as readonly string[]).includes(n) ? (n as T) : undefined;
}

/** The object entries of an array field; entries that are not objects are dropped. */
export function readObjects(bag: unknown, key: string): Bag[] | undefined {
  const v = isBag(bag) ? bag[key] : undefined;
  return Array.isArray(v) ? v.filter(isBag) : undefined;
}

export function readBag(bag: unknown, key: string): Bag | undefined {
  const v = isBag(bag) ? bag[key] : undefined;
  return isBag(v) ? v : undefined;
}

function isBag(v: unknown): v is Bag {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
