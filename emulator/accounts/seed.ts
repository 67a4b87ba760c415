import { createHash } from "node:crypto";
import { API_KEY_PREFIX, stableId } from "../ids";
import type { Store } from "../store/store";
import { PLANS, type Plan } from "./plans";

/**
 * Per-user seed data for the read-only and catalogue endpoints: microblog tags and handles,
 * and developer tags. Ids are derived from the user id and the name, so a user gets the same
 * ids on every run; platform tags have the same id for every user.
 */

const PLATFORM_TAGS = ["Crypto News", "Launch Trackers", "KOL Majors"];
const USER_TAGS = ["Alpha Callers", "Dev Watch", "Memes"];
const DEVELOPER_TAGS = ["Trusted", "Serial Launchers", "Watchlist"];

const HANDLES: { handle: string; status: "active" | "inactive"; tags: string[] }[] = [
  { handle: "chain_herald", status: "active", tags: ["Crypto News"] },
  { handle: "launch_radar", status: "active", tags: ["Launch Trackers", "Alpha Callers"] },
  { handle: "whale_whispers", status: "active", tags: ["KOL Majors", "Alpha Callers"] },
  { handle: "dev_sleuth", status: "active", tags: ["Dev Watch"] },
  { handle: "meme_foundry", status: "inactive", tags: ["Memes"] },
  { handle: "early_bird_calls", status: "active", tags: ["Alpha Callers"] },
  { handle: "quiet_degen", status: "inactive", tags: [] },
];

export const platformTagId = (name: string) => stableId("microblog-platform-tag", name);
const userMicroblogTagId = (userId: string, name: string) => stableId(userId, "microblog-tag", name);
const developerTagId = (userId: string, name: string) => stableId(userId, "developer-tag", name);

const DAY = 86_400_000;

export function seedUserCatalogue(store: Store, userId: string, nowMs: number): void {
  const tagIds = new Map<string, string>();
  const putTag = (id: string, name: string, isPlatformTag: boolean, ageDays: number) => {
    tagIds.set(name, id);
    store.putMicroblogTag(userId, { id, name, isPlatformTag, createdAt: iso(nowMs - ageDays * DAY) });
  };
  // createdAt differs from name order so sorting by name and by createdAt give different results.
  for (const [i, name] of PLATFORM_TAGS.entries()) putTag(platformTagId(name), name, true, 30 - i * 7);
  for (const [i, name] of USER_TAGS.entries())
    putTag(userMicroblogTagId(userId, name), name, false, 20 - i * 5);
  HANDLES.forEach((h, i) => {
    store.putMicroblogHandle(userId, {
      id: stableId(userId, "microblog-handle", h.handle),
      handle: h.handle,
      status: h.status,
      tagIds: h.tags.map((t) => tagIds.get(t)!),
      addedAt: iso(nowMs - (14 - ((i * 5) % 7)) * DAY),
      lastUpdated: iso(nowMs - ((i * 3) % 5) * DAY - i * 60_000),
    });
  });
  DEVELOPER_TAGS.forEach((name, i) => {
    store.putDeveloperTag(userId, {
      id: developerTagId(userId, name),
      name,
      createdAt: iso(nowMs - (10 - i) * DAY),
    });
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Demo users for `--seed demo`: fixed ids and keys so docs and scripts can name them. */
export interface DemoUser {
  userId: string;
  apiKey: string;
  plan: Plan;
}

export function demoUsers(): DemoUser[] {
  return PLANS.map((plan) => ({
    userId: stableId("demo-user", plan),
    apiKey: API_KEY_PREFIX + createHash("sha256").update(`demo:${plan}`).digest("hex").slice(0, 32),
    plan,
  }));
}

/** A followed developer per demo user so the developer endpoints show something. */
export const DEMO_DEVELOPER = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
/**
 * The wallet the examples follow (examples/*: the TypeScript, YAML, Go and Python portfolios),
 * which no demo user follows, so an example declares it without taking a seeded follow over. The
 * demo's winning launch is its: the examples' developer strategy then alerts on it.
 */
export const EXAMPLE_DEVELOPER = "5p2hWfGq8V7aZ9kNnR3sT4uX6yB1cD2eF3gH4jK5mL6";
