import type {
  Account,
  DeveloperRecord,
  DevTag,
  MicroblogHandle,
  MicroblogHandlesQuery,
  MicroblogTag,
  MicroblogTagsQuery,
  Strategy,
} from "../model/plain-types";
import { type LookupOptions, lookupClient } from "./lookup-client";

/** The account: plan and limits (`GET /me`). */
export function getAccount(options?: LookupOptions): Promise<Account> {
  return lookupClient(options).account.me();
}

/** Microblog tags, e.g. to find the tag id a microblog trigger config names. */
export async function getMicroblogTags(
  query: MicroblogTagsQuery = {},
  options?: LookupOptions,
): Promise<MicroblogTag[]> {
  return (await lookupClient(options).microblog.tags(query)).tags;
}

/** Tracked microblog handles. */
export async function getMicroblogHandles(
  query: MicroblogHandlesQuery = {},
  options?: LookupOptions,
): Promise<MicroblogHandle[]> {
  return (await lookupClient(options).microblog.handles(query)).handles;
}

/** The account's developer tags (`GET /devs/tags`). */
export async function getDeveloperTags(options?: LookupOptions): Promise<DevTag[]> {
  return (await lookupClient(options).devs.tags()).tags;
}

/** Every followed developer (all pages), optionally only active or inactive ones. */
export async function getFollowedDevelopers(
  query: { isActive?: boolean } = {},
  options?: LookupOptions,
): Promise<DeveloperRecord[]> {
  const out: DeveloperRecord[] = [];
  for await (const dev of lookupClient(options).devs.iterate({ ...query, limit: 100 })) out.push(dev);
  return out;
}

/** The account's strategies, e.g. to find the id to adopt. */
export async function getStrategies(
  filter: { name?: string; isActive?: boolean } = {},
  options?: LookupOptions,
): Promise<Strategy[]> {
  const { strategies } = await lookupClient(options).strategies.list();
  return strategies.filter(
    (s) =>
      (filter.name === undefined || s.name === filter.name) &&
      (filter.isActive === undefined || s.isActive === filter.isActive),
  );
}
