import * as pulumi from "@pulumi/pulumi";
import { unsetOutputs } from "../model/resource-outputs";
import { hasTypeToken, RESOURCE_MODULE, TYPE_TOKENS } from "../model/type-tokens";
import { warnCheckedAtApply } from "./checked-at-apply";
import { providerShell } from "./provider-shell";
import { readState } from "./read-state";

export interface FollowedDeveloperArgs {
  /** The developer's wallet address; changing it replaces the resource. */
  address: pulumi.Input<string>;
  alias?: pulumi.Input<string>;
  /** Default true. Destroying the resource deactivates the developer: the API cannot unfollow. */
  active?: pulumi.Input<boolean>;
}

const INPUT_KEYS = ["address", "alias", "active"] as const satisfies readonly (keyof FollowedDeveloperArgs)[];

/**
 * A followed developer. `address` is an output, so a Strategy whose trigger config names the
 * wallet (or a DeveloperTags) that uses it is created after the developer is followed.
 */
export class FollowedDeveloper extends pulumi.dynamic.Resource {
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

  declare readonly address: pulumi.Output<string>;
  declare readonly alias: pulumi.Output<string | undefined>;
  declare readonly active: pulumi.Output<boolean>;
  declare readonly isActive: pulumi.Output<boolean>;
  declare readonly addedAt: pulumi.Output<string | null>;
  declare readonly tagIds: pulumi.Output<string[] | undefined>;
  /** The account (the service's user id) this resource belongs to; a key of another account is refused. */
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: FollowedDeveloperArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShell("FollowedDeveloper"),
      name,
      { ...args, ...unsetOutputs("FollowedDeveloper") },
      opts,
      RESOURCE_MODULE,
      "FollowedDeveloper",
    );
    warnCheckedAtApply(this, "FollowedDeveloper", args, opts);
  }
}
