/**
 * Developer wallet addresses (spec leaves the format "not shown"): a base58 address of 32 to 44
 * characters (Solana style) or `0x` followed by 40 hex digits (EVM style). Addresses are compared
 * exactly as sent (case-sensitive), so an address reads back byte-for-byte as it was added.
 */
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const HEX = /^0x[0-9a-fA-F]{40}$/;

export const isDeveloperAddress = (s: string): boolean => BASE58.test(s) || HEX.test(s);

export const ADDRESS_FORMAT_MESSAGE =
  "address must be a base58 wallet address (32-44 characters) or 0x followed by 40 hex digits";
