/** A clean token that passes the default test strategy (`sampleStrategy`). */
export function token(address: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address,
    name: `Token ${address.slice(0, 6)}`,
    symbol: address.slice(0, 4).toUpperCase(),
    chainId: 101,
    priceUsd: 0.001,
    marketCap: 1_000_000,
    liquidityUsd: 20_000,
    isHoneypot: false,
    hasWebsite: true,
    riskLevel: "LOW",
    ...overrides,
  };
}

/** A base58-looking 44-character address derived from a word. */
export const addr = (word: string) => (word + "1".repeat(44)).slice(0, 44);
