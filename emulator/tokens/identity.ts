/** Names, symbols and addresses for generated tokens: plausible, deterministic, never real. */
import type { Random } from "./prng";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const ADJECTIVES = [
  "Moon",
  "Based",
  "Giga",
  "Tiny",
  "Cosmic",
  "Lucky",
  "Turbo",
  "Sleepy",
  "Golden",
  "Hyper",
  "Baby",
  "Space",
  "Mega",
  "Silent",
  "Royal",
  "Neon",
  "Fuzzy",
  "Brave",
  "Laser",
  "Wild",
];
const NOUNS = [
  "Cat",
  "Frog",
  "Dog",
  "Whale",
  "Rocket",
  "Banana",
  "Wizard",
  "Goblin",
  "Panda",
  "Otter",
  "Falcon",
  "Toad",
  "Hamster",
  "Penguin",
  "Dragon",
  "Llama",
  "Badger",
  "Koala",
  "Yeti",
  "Crab",
];

/** The chain id generated and demo tokens carry (the webhook token object's chain_id). */
export const TOKEN_CHAIN_ID = 101;

/** A base58 address of `length` characters; `suffix` replaces its tail (launchpad vanity suffixes). */
export function base58Address(random: Random, length = 44, suffix = ""): string {
  let out = "";
  for (let i = 0; i < length - suffix.length; i++) out += BASE58.charAt(random.int(0, BASE58.length - 1));
  return out + suffix;
}

export function tokenName(random: Random): { name: string; symbol: string } {
  const adjective = random.pick(ADJECTIVES);
  const noun = random.pick(NOUNS);
  return { name: `${adjective} ${noun}`, symbol: `${adjective[0]}${noun}`.toUpperCase().slice(0, 6) };
}
