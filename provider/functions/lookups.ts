import * as pulumi from "@pulumi/pulumi";
import type { Account } from "../model/schemas/account";
import type { DeveloperRecord, DevTag } from "../model/schemas/developer";
import type {
  MicroblogHandle,
  MicroblogHandlesQuery,
  MicroblogTag,
  MicroblogTagsQuery,
} from "../model/schemas/microblog";
import type { Strategy } from "../model/strategy";
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

/** A lookup's argument object with each field (or the whole object) an Input, as Pulumi providers take. */
export type LookupInputs<T> = pulumi.Input<{ [K in keyof T]: pulumi.Input<T[K]> }>;

/**
 * The `…Output` form of a lookup: takes Inputs (outputs of other resources included) and returns
 * an Output, so a program can chain it without `apply`. While an input is unknown in a preview,
 * so is the result.
 */
function outputForm<A extends object, R>(
  lookup: (args: A, options?: LookupOptions) => Promise<R>,
): (args?: LookupInputs<A>, options?: LookupOptions) => pulumi.Output<R> {
  // pulumi.output's Unwrap type cannot be equated with our schema types (their index
  // signatures), though the runtime value is exactly R.
  return (args, options) =>
    pulumi
      .output(args ?? {})
      .apply((resolved) => lookup(resolved as A, options)) as unknown as pulumi.Output<R>;
}

export const getAccountOutput = (options?: LookupOptions): pulumi.Output<Account> =>
  outputForm((_: object, o?: LookupOptions) => getAccount(o))({}, options);
export const getMicroblogTagsOutput = outputForm(getMicroblogTags);
export const getMicroblogHandlesOutput = outputForm(getMicroblogHandles);
export const getDeveloperTagsOutput = (options?: LookupOptions): pulumi.Output<DevTag[]> =>
  outputForm((_: object, o?: LookupOptions) => getDeveloperTags(o))({}, options);
export const getFollowedDevelopersOutput = outputForm(getFollowedDevelopers);
export const getStrategiesOutput = outputForm(getStrategies);
