import * as pulumi from "@pulumi/pulumi";
import { inputNames } from "../model/kinds";
import { hasTypeToken, TYPE_TOKENS } from "../model/type-tokens";
import { warnCheckedAtApply } from "./checked-at-apply";
import { shellInputs } from "./provider-shell";
import { readState } from "./read-state";
import { registeringWithoutStacks } from "./stackless-registration";

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

const INPUT_KEYS: readonly (keyof FollowedDeveloperArgs)[] = inputNames("FollowedDeveloper");

/**
 * A followed developer wallet. One that someone already follows (active, or with tags) is taken
 * over only with `adopt: true`. Destroying it deactivates the developer (the API cannot unfollow),
 * only while it is still what this resource wrote.
 */
export class FollowedDeveloper extends pulumi.CustomResource {
  /** The type token the engine records for this resource. */
  static readonly __pulumiType = TYPE_TOKENS.FollowedDeveloper;

  /** True for a FollowedDeveloper of this package, even across duplicate copies of the package or SDK. */
  static override isInstance(obj: unknown): obj is FollowedDeveloper {
    return hasTypeToken(obj, TYPE_TOKENS.FollowedDeveloper);
  }

  /**
   * Reads a followed developer by its wallet address into the program without managing it: nothing is created, changed or deleted,
   * and `pulumi refresh` updates what it holds.
   */
  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): FollowedDeveloper {
    return new FollowedDeveloper(
      name,
      readState<FollowedDeveloperArgs>(INPUT_KEYS),
      pulumi.mergeOptions(opts, { id }),
    );
  }

  /**
   * The developer's wallet address; changing it replaces the resource. Also an output, so a
   * strategy or DeveloperTags naming the wallet comes after it.
   */
  declare readonly address: pulumi.Output<string>;
  /** A name for the developer: plain text (no control or bidi characters). */
  declare readonly alias: pulumi.Output<string | undefined>;
  /** Default true. Destroying the resource deactivates the developer. */
  declare readonly active: pulumi.Output<boolean>;
  /** Whether the service treats the developer as active. */
  declare readonly isActive: pulumi.Output<boolean>;
  /** When the developer was first followed. */
  declare readonly addedAt: pulumi.Output<string | null>;
  /** The developer's tag ids, as read. */
  declare readonly tagIds: pulumi.Output<string[] | undefined>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: FollowedDeveloperArgs, opts?: pulumi.CustomResourceOptions) {
    const restore = registeringWithoutStacks();
    try {
      super(TYPE_TOKENS.FollowedDeveloper, name, shellInputs("FollowedDeveloper", args), opts);
    } finally {
      restore();
    }
    warnCheckedAtApply(this, "FollowedDeveloper", args, opts);
  }
}
