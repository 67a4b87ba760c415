// `npm run schema` writes this file from provider/model/kinds/followed-developer.ts: edit that instead.
import type * as pulumi from "@pulumi/pulumi";
import { type KindResourceClass, kindResource } from "./kind-resource";

export interface FollowedDeveloperArgs {
  /**
   * The developer's wallet address; changing it replaces the resource. Also an output, so a
   * strategy or DeveloperTags naming the wallet comes after it.
   */
  address: pulumi.Input<string>;
  /** A name for the developer: plain text (no control or bidi characters). */
  alias?: pulumi.Input<string>;
  /** Default true. Destroying the resource deactivates the developer. */
  active?: pulumi.Input<boolean>;
  /**
   * Take over a developer that is already followed (active, or with tags) on purpose (a preview
   * fails on one otherwise); changing it later is not a change.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A followed developer wallet. One that someone already follows (active, or with tags) is taken
 * over only with `adopt: true`. Destroying it deactivates the developer (the API cannot unfollow),
 * only while it is still what this resource wrote.
 */
export interface FollowedDeveloper extends pulumi.CustomResource {
  /**
   * The developer's wallet address; changing it replaces the resource. Also an output, so a
   * strategy or DeveloperTags naming the wallet comes after it.
   */
  readonly address: pulumi.Output<string>;
  /** A name for the developer: plain text (no control or bidi characters). */
  readonly alias: pulumi.Output<string | undefined>;
  /** Default true. Destroying the resource deactivates the developer. */
  readonly active: pulumi.Output<boolean>;
  /** Whether the service treats the developer as active. */
  readonly isActive: pulumi.Output<boolean>;
  /** When the developer was first followed. */
  readonly addedAt: pulumi.Output<string | null>;
  /** The developer's tag ids, as read. */
  readonly tagIds: pulumi.Output<string[] | undefined>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  readonly accountId: pulumi.Output<string>;
}

/**
 * A followed developer wallet. One that someone already follows (active, or with tags) is taken
 * over only with `adopt: true`. Destroying it deactivates the developer (the API cannot unfollow),
 * only while it is still what this resource wrote. Its id (for `get` and import): the wallet
 * address.
 */
export const FollowedDeveloper: KindResourceClass<
  "FollowedDeveloper",
  FollowedDeveloper,
  FollowedDeveloperArgs
> = kindResource("FollowedDeveloper");
