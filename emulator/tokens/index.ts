/** Token observations for the emulator: hand-made demo tokens and a seeded launch generator. */
export { DEMO_TOKENS, demoTokens } from "./demo";
export { generateTokens } from "./generate";
export type { GeneratedToken } from "./types";
