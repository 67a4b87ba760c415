/**
 * The `…Output` forms of the lookups, for programs. Kept apart from the lookups themselves so
 * that the provider plugin, which answers the same lookups, never loads the Pulumi SDK.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Account, DevTag } from "../model/plain-types";
import type { LookupOptions } from "./lookup-client";
import {
  getAccount,
  getDeveloperTags,
  getFollowedDevelopers,
  getMicroblogHandles,
  getMicroblogTags,
  getStrategies,
} from "./lookups";

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
