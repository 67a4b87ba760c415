import type * as pulumi from "@pulumi/pulumi";
import { describe, expectTypeOf, it } from "vitest";
import { DeveloperTags, type DeveloperTagsArgs } from "../../../provider/resources/developer-tags";
import { itIsTheClassOf } from "./kind-class";

describe("the DeveloperTags class", () => {
  itIsTheClassOf("DeveloperTags", DeveloperTags);

  it("declares the tags' args and outputs (checked by the typecheck)", () => {
    expectTypeOf<DeveloperTagsArgs["tagIds"]>().toEqualTypeOf<pulumi.Input<pulumi.Input<string>[]>>();
    expectTypeOf<DeveloperTags["tagIds"]>().toEqualTypeOf<pulumi.Output<string[]>>();
    expectTypeOf<DeveloperTags["accountId"]>().toEqualTypeOf<pulumi.Output<string>>();
    expectTypeOf(DeveloperTags.get).returns.toEqualTypeOf<DeveloperTags>();
  });
});
