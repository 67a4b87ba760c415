import * as pulumi from "@pulumi/pulumi";
import { providerShell } from "./provider-shell";

export interface FollowedDeveloperArgs {
  /** The developer's wallet address; changing it replaces the resource. */
  address: pulumi.Input<string>;
  alias?: pulumi.Input<string>;
  /** Default true. Destroying the resource deactivates the developer: the API cannot unfollow. */
  active?: pulumi.Input<boolean>;
}

/**
 * A followed developer. `address` is an output, so a Strategy whose trigger config names the
 * wallet (or a DeveloperTags) that uses it is created after the developer is followed.
 */
export class FollowedDeveloper extends pulumi.dynamic.Resource {
  declare readonly address: pulumi.Output<string>;
  declare readonly alias: pulumi.Output<string | undefined>;
  declare readonly active: pulumi.Output<boolean>;
  declare readonly isActive: pulumi.Output<boolean>;
  declare readonly addedAt: pulumi.Output<string | null>;
  declare readonly tagIds: pulumi.Output<string[] | undefined>;

  constructor(name: string, args: FollowedDeveloperArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShell("FollowedDeveloper"),
      name,
      { ...args, isActive: undefined, addedAt: undefined, tagIds: undefined },
      opts,
      "strategy-alerts",
      "FollowedDeveloper",
    );
  }
}
