/**
 * The identifiers a program declares and the service checks: a developer's wallet address and a
 * UUID (a strategy id, a developer or microblog tag id). One rule each, used by the preview of
 * both front doors and by the emulator, so that nothing the preview passes is refused at `up`.
 * The address format is not shown by the spec (docs/spec-decisions.md): a base58 address of 32 to
 * 44 characters (Solana style) or `0x` followed by 40 hex digits (EVM style), compared exactly as
 * sent. Neither form holds a control, bidi or invisible character, so an address that carries one
 * is refused by the format itself.
 */
import { quotedText } from "./quoted-text";

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const HEX = /^0x[0-9a-fA-F]{40}$/;

export const isDeveloperAddress = (s: string): boolean => BASE58.test(s) || HEX.test(s);

export const ADDRESS_FORMAT_MESSAGE =
  "address must be a base58 wallet address (32-44 characters) or 0x followed by 40 hex digits";

/** A developer's alias: not blank (the service trims it), at most this many characters. */
export const MAX_ALIAS_LENGTH = 100;

/** The reason the service would refuse `alias`, or undefined; its characters are plain text's rule. */
export function aliasIssue(alias: string): string | undefined {
  const trimmed = alias.trim();
  if (trimmed === "") return "alias must not be blank (the service trims spaces, U+3000 included)";
  if (trimmed.length > MAX_ALIAS_LENGTH) return `alias must be at most ${MAX_ALIAS_LENGTH} characters`;
  return undefined;
}

/** RFC 9562's textual form, versions 1 to 8 (the form zod's `uuid()` checks, which the emulator's routes use). */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;

export const isUuid = (s: string): boolean => UUID.test(s);

/** The reason a declared id is not a UUID, naming the field and quoting the value (escaped where printed). */
export function uuidIssue(value: string, path: string, what: string): string | undefined {
  return isUuid(value) ? undefined : `${path} must be a UUID (${what}), got ${quotedText(value)}`;
}
