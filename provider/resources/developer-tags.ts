import * as pulumi from "@pulumi/pulumi";
import { providerShell } from "./provider-shell";

export interface DeveloperTagsArgs {
  /** A followed developer's address (use FollowedDeveloper.address); changing it replaces the resource. */
  address: pulumi.Input<string>;
  /** Developer tag ids (GET /devs/tags): a set, order and duplicates are not changes. */
  tagIds: pulumi.Input<pulumi.Input<string>[]>;
}

/** The tags assigned to one followed developer. Destroying it assigns the empty set. */
export class DeveloperTags extends pulumi.dynamic.Resource {
  declare readonly address: pulumi.Output<string>;
  declare readonly tagIds: pulumi.Output<string[]>;

  constructor(name: string, args: DeveloperTagsArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShell("DeveloperTags"), name, { ...args }, opts, "strategy-alerts", "DeveloperTags");
  }
}
