import { createHash } from "node:crypto";
import { badRequest } from "./errors";

/**
 * Opaque keyset cursors. A cursor carries the sort key and the unique sequence number of the
 * last item of a page, the page number, and a hash of the filters and sort it was issued for.
 * The next page starts strictly after that (key, seq) position, so inserts and deletions
 * elsewhere never shift or repeat items; a cursor sent with other filters or another sort is
 * rejected (400) because its position would mean nothing there.
 */

export type SortValue = string | number | boolean | null;

interface CursorBody {
  v: 1;
  k: SortValue;
  s: number;
  p: number;
  h: string;
}

export function filterHash(filters: Record<string, unknown>): string {
  const keys = Object.keys(filters).sort();
  const canonical = JSON.stringify(keys.map((k) => [k, filters[k] ?? null]));
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 16);
}

export function encodeCursor(key: SortValue, seq: number, page: number, hash: string): string {
  const body: CursorBody = { v: 1, k: key, s: seq, p: page, h: hash };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

export function decodeCursor(cursor: string, hash: string): { key: SortValue; seq: number; page: number } {
  let body: Partial<CursorBody> | null = null;
  try {
    body = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<CursorBody>;
  } catch {
    body = null;
  }
  const keyOk = (k: unknown) => k === null || ["string", "number", "boolean"].includes(typeof k);
  if (
    body?.v !== 1 ||
    !keyOk(body.k) ||
    !Number.isSafeInteger(body.s) ||
    !Number.isSafeInteger(body.p) ||
    typeof body.h !== "string"
  ) {
    throw badRequest([
      { path: "query.cursor", message: "query.cursor: not a cursor issued by this endpoint" },
    ]);
  }
  if (body.h !== hash) {
    throw badRequest([
      {
        path: "query.cursor",
        message:
          "query.cursor: the cursor was issued for other filters or another sort; send the same filters and sort with it, or start again without a cursor",
      },
    ]);
  }
  return { key: body.k as SortValue, seq: body.s as number, page: body.p as number };
}

/** Total order of sort values: null first, then booleans (false < true), numbers, strings. */
export function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "boolean" && typeof b === "boolean") return a ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
