// `npm run schema` writes this file from provider/model/kinds/developer-tags.ts: edit that instead.
import type * as pulumi from "@pulumi/pulumi";
import { type KindResourceClass, kindResource } from "./kind-resource";

export interface DeveloperTagsArgs {
  /**
   * A followed developer's address (use FollowedDeveloper.address); changing it replaces the
   * resource.
   */
  address: pulumi.Input<string>;
  /** Developer tag ids (GET /devs/tags): a set, order and duplicates are not changes. */
  tagIds: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Take over a developer's existing tags on purpose (a preview fails on a non-empty set
   * otherwise); changing it later is not a change.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * The tags assigned to one followed developer. A non-empty set that exists already is taken over
 * only with `adopt: true`; destroying it assigns the empty set, only while the set is still what
 * this resource assigned.
 */
export interface DeveloperTags extends pulumi.CustomResource {
  /**
   * A followed developer's address (use FollowedDeveloper.address); changing it replaces the
   * resource.
   */
  readonly address: pulumi.Output<string>;
  /** Developer tag ids (GET /devs/tags): a set, order and duplicates are not changes. */
  readonly tagIds: pulumi.Output<string[]>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  readonly accountId: pulumi.Output<string>;
}

/**
 * The tags assigned to one followed developer. A non-empty set that exists already is taken over
 * only with `adopt: true`; destroying it assigns the empty set, only while the set is still what
 * this resource assigned. Its id (for `get` and import): the wallet address.
 */
export const DeveloperTags: KindResourceClass<"DeveloperTags", DeveloperTags, DeveloperTagsArgs> =
  kindResource("DeveloperTags");
