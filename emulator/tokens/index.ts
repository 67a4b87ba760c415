/** Token observations for the emulator: hand-made demo tokens and a seeded launch generator. */
export { DEMO_TOKENS, demoTokens } from "./demo";
export { ARCHETYPE_WEIGHTS, DEFAULT_START, type GenerateOptions, generateTokens } from "./generate";
export { TOKEN_CHAIN_ID } from "./identity";
export { createRandom, hashSeed, mulberry32, type Random } from "./prng";
export type { Archetype, GeneratedToken, TimelinePoint } from "./types";
