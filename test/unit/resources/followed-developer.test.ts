import type * as pulumi from "@pulumi/pulumi";
import { describe, expectTypeOf, it } from "vitest";
import {
  FollowedDeveloper,
  type FollowedDeveloperArgs,
} from "../../../provider/resources/followed-developer";
import { itIsTheClassOf } from "./kind-class";

describe("the FollowedDeveloper class", () => {
  itIsTheClassOf("FollowedDeveloper", FollowedDeveloper);

  it("declares the developer's args and outputs (checked by the typecheck)", () => {
    expectTypeOf<FollowedDeveloperArgs["address"]>().toEqualTypeOf<pulumi.Input<string>>();
    expectTypeOf<FollowedDeveloper["alias"]>().toEqualTypeOf<pulumi.Output<string | undefined>>();
    expectTypeOf<FollowedDeveloper["addedAt"]>().toEqualTypeOf<pulumi.Output<string | null>>();
    expectTypeOf(FollowedDeveloper.get).returns.toEqualTypeOf<FollowedDeveloper>();
  });
});
