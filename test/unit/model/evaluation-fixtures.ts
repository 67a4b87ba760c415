/** Tokens and generators shared by the evaluation tests. */
import fc from "fast-check";
import { healthyLaunch, tokenVariant } from "../../../provider/fixtures";
import {
  BUY_PRESSURES,
  CLUSTER_RISKS,
  LAUNCH_PLATFORMS,
  RISK_LEVELS,
  TOKEN_FIELDS,
  type TokenObservation,
  VOLUME_SPIKES,
  VOLUME_WINDOWS,
  WALLET_TYPES,
} from "../../../provider/model";

/**
 * A token that every "safe launch" rule passes: the package's healthy launch, with round numbers
 * the tests reason about and without the fields a partial token leaves out; tests override what
 * they need.
 */
const clean: TokenObservation = tokenVariant(healthyLaunch, {
  address: "CLEAN111111111111111111111111111111111pump",
  name: "Clean",
  symbol: "CLN",
  priceUsd: 0.00002,
  top10HolderPercent: 20,
  devWalletPercent: 2,
  ageMinutes: 30,
  liquidityUsd: 20_000,
  marketCap: 80_000,
  kols: 3,
  globalFeesPaid: 12,
  proTraders: 20,
  devPairsCreated: 1,
  bondingProgress: 60,
  holderCount: 500,
  volumeUsd: { "5m": 2_000, "1h": 15_000, "6h": 40_000, "24h": 60_000 },
  txCount: 900,
  numBuys: 600,
  numSells: 300,
  buyPressure: { "5m": "strong", "1h": "moderate", "6h": "slight", "24h": "slight" },
  volumeSpike: { "5m": "very_strong", "1h": "strong", "6h": "noticeable", "24h": "off" },
  qualityWallets: [
    { type: "smart_wallet", winratePct: 75, buyValueUsd: 3_000 },
    { type: "smart_wallet", winratePct: 55, buyValueUsd: 1_000 },
    { type: "kol", winratePct: 65, buyValueUsd: 5_000 },
    { type: "whale", winratePct: 40, buyValueUsd: 20_000 },
  ],
  clusters: [
    { heldPct: 5, risk: "low" },
    { heldPct: 8, risk: "medium" },
  ],
  microblogViews: 50_000,
  microblogFollowers: 8_000,
  communityMembers: 1_500,
  communityViews: 20_000,
  websiteContentScore: 80,
  microblogContentScore: 70,
  observedAt: undefined,
  microblogTagIds: undefined,
  developerAddress: undefined,
});
export const CLEAN_TOKEN: Readonly<TokenObservation> = Object.freeze(clean);

/** CLEAN_TOKEN with overrides; a value of undefined removes the field. */
export function tokenWith(overrides: Partial<Record<keyof TokenObservation, unknown>>): TokenObservation {
  const out: Record<string, unknown> = structuredClone({ ...CLEAN_TOKEN });
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out as TokenObservation;
}

const perWindow = <T>(value: fc.Arbitrary<T>) =>
  fc.record(Object.fromEntries(VOLUME_WINDOWS.map((w) => [w, value])) as Record<string, fc.Arbitrary<T>>, {
    requiredKeys: [],
  });
const pct = fc.double({ min: 0, max: 100, noNaN: true });
const amount = fc.double({ min: 0, max: 1e9, noNaN: true });
const count = fc.nat({ max: 100 });

const fieldArbs: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.string(),
  symbol: fc.string(),
  chainId: fc.nat(),
  priceUsd: amount,
  developerAddress: fc.string(),
  microblogTagIds: fc.array(fc.uuid()),
  riskLevel: fc.constantFrom(...RISK_LEVELS),
  launchPlatform: fc.constantFrom(...LAUNCH_PLATFORMS),
  volumeUsd: perWindow(amount),
  buyPressure: perWindow(fc.constantFrom(...BUY_PRESSURES)),
  volumeSpike: perWindow(fc.constantFrom(...VOLUME_SPIKES)),
  qualityWallets: fc.array(
    fc.record({ type: fc.constantFrom(...WALLET_TYPES), winratePct: pct, buyValueUsd: amount }),
    { maxLength: 8 },
  ),
  clusters: fc.array(fc.record({ heldPct: pct, risk: fc.constantFrom(...CLUSTER_RISKS) }), { maxLength: 5 }),
};

/** Valid but partial tokens: any subset of the fields, each with a valid value. */
export const partialTokenArb: fc.Arbitrary<TokenObservation> = fc
  .record(
    Object.fromEntries(
      TOKEN_FIELDS.filter((f) => f !== "address" && f !== "observedAt").map((f) => {
        const sample = (CLEAN_TOKEN as Record<string, unknown>)[f];
        // Integers up to 100 are valid for every count, percent, score and amount field.
        const arb =
          fieldArbs[f] ??
          (typeof sample === "boolean" ? fc.boolean() : Number.isInteger(sample) ? count : pct);
        return [f, arb];
      }),
    ),
    { requiredKeys: [] },
  )
  .map((fields) => ({ address: "PARTIAL", ...fields }) as TokenObservation);

/** Anything in the token's fields, including wrong types: evaluation must still not throw. */
export const junkTokenArb: fc.Arbitrary<TokenObservation> = fc
  .dictionary(fc.constantFrom(...TOKEN_FIELDS), fc.anything(), { maxKeys: 20 })
  .map((d) => ({ ...d, address: "JUNK" }) as TokenObservation);
