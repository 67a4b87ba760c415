import * as pulumi from "@pulumi/pulumi";
import { inputNames } from "../model/kinds";
import { hasTypeToken, TYPE_TOKENS } from "../model/type-tokens";
import { warnCheckedAtApply } from "./checked-at-apply";
import { shellInputs } from "./provider-shell";
import { readState } from "./read-state";
import { registeringWithoutStacks } from "./stackless-registration";

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

const INPUT_KEYS: readonly (keyof DeveloperTagsArgs)[] = inputNames("DeveloperTags");

/**
 * The tags assigned to one followed developer. A non-empty set that exists already is taken over
 * only with `adopt: true`; destroying it assigns the empty set, only while the set is still what
 * this resource assigned.
 */
export class DeveloperTags extends pulumi.CustomResource {
  /** The type token the engine records for this resource. */
  static readonly __pulumiType = TYPE_TOKENS.DeveloperTags;

  /** True for a DeveloperTags of this package, even across duplicate copies of the package or SDK. */
  static override isInstance(obj: unknown): obj is DeveloperTags {
    return hasTypeToken(obj, TYPE_TOKENS.DeveloperTags);
  }

  /**
   * Reads the tag set of a followed developer by its wallet address into the program without managing it: nothing is created, changed or deleted,
   * and `pulumi refresh` updates what it holds.
   */
  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): DeveloperTags {
    return new DeveloperTags(
      name,
      readState<DeveloperTagsArgs>(INPUT_KEYS),
      pulumi.mergeOptions(opts, { id }),
    );
  }

  /**
   * A followed developer's address (use FollowedDeveloper.address); changing it replaces the
   * resource.
   */
  declare readonly address: pulumi.Output<string>;
  /** Developer tag ids (GET /devs/tags): a set, order and duplicates are not changes. */
  declare readonly tagIds: pulumi.Output<string[]>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: DeveloperTagsArgs, opts?: pulumi.CustomResourceOptions) {
    const restore = registeringWithoutStacks();
    try {
      super(TYPE_TOKENS.DeveloperTags, name, shellInputs("DeveloperTags", args), opts);
    } finally {
      restore();
    }
    warnCheckedAtApply(this, "DeveloperTags", args, opts);
  }
}
