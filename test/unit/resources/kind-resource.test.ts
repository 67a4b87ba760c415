import * as pulumi from "@pulumi/pulumi";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as sa from "../../../provider";
import { KINDS, RESOURCE_KINDS } from "../../../provider/model/kinds";
import type { RuleItem } from "../../../provider/model/plain-types";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import { kindResource } from "../../../provider/resources/kind-resource";

// Each kind's exported class (its type token, its name, isInstance) is held by its module's test
// (test/unit/resources/<kind>.test.ts); registration, secret outputs and `get` by
// test/integration/resources/kind-resource.test.ts.
describe("the class kindResource makes of a kind", () => {
  it.each(RESOURCE_KINDS)(
    "%s: the kind's dynamic type token and name, CustomResource its direct base",
    (kind) => {
      const cls = kindResource(kind);
      expect(cls.__pulumiType).toBe(TYPE_TOKENS[kind]);
      expect(cls.__pulumiType).toBe(KINDS[kind].dynamicToken);
      expect(cls.name).toBe(kind);
      // No class in between: the SDK's source position stays the program's line.
      expect(Object.getPrototypeOf(cls)).toBe(pulumi.CustomResource);
    },
  );

  it.each(RESOURCE_KINDS)("%s.isInstance recognises its token only", (kind) => {
    const cls = kindResource(kind);
    expect(cls.isInstance({ __pulumiType: KINDS[kind].dynamicToken })).toBe(true);
    for (const other of RESOURCE_KINDS.filter((k) => k !== kind))
      expect(cls.isInstance({ __pulumiType: KINDS[other].dynamicToken })).toBe(false);
    expect(cls.isInstance(undefined)).toBe(false);
    expect(cls.isInstance("Webhook")).toBe(false);
  });

  it("is a new class per call, and the classes of one kind (two copies of the package) recognise each other's", () => {
    const one = kindResource("Webhook");
    const another = kindResource("Webhook");
    expect(another).not.toBe(one);
    expect(another.isInstance({ __pulumiType: one.__pulumiType })).toBe(true);
    expect(sa.Webhook.isInstance({ __pulumiType: another.__pulumiType })).toBe(true);
    expect(kindResource("DeveloperTags").isInstance({ __pulumiType: one.__pulumiType })).toBe(false);
  });

  it("is a value and a type, as a class is (checked by the typecheck)", () => {
    expectTypeOf<InstanceType<typeof sa.Webhook>>().toEqualTypeOf<sa.Webhook>();
    expectTypeOf<ConstructorParameters<typeof sa.Webhook>>().toEqualTypeOf<
      [name: string, args: sa.WebhookArgs, opts?: pulumi.CustomResourceOptions]
    >();
    expectTypeOf(sa.Strategy.get).returns.toEqualTypeOf<sa.Strategy>();
    expectTypeOf(
      sa.DeveloperTags.__pulumiType,
    ).toEqualTypeOf<"pulumi-nodejs:dynamic/strategy-alerts:DeveloperTags">();
    expectTypeOf<sa.Webhook["secret"]>().toEqualTypeOf<pulumi.Output<string | null>>();
    expectTypeOf<sa.Strategy["rules"]>().toEqualTypeOf<pulumi.Output<RuleItem[]>>();
    expectTypeOf<sa.FollowedDeveloper>().toExtend<pulumi.CustomResource>();
    // A program may still derive its own class from one.
    class Tagged extends sa.DeveloperTags {
      readonly note = "mine";
    }
    expectTypeOf<Tagged["tagIds"]>().toEqualTypeOf<pulumi.Output<string[]>>();
    const guarded = (x: unknown) => (sa.StrategyActivation.isInstance(x) ? x.activeStrategyIds : undefined);
    expectTypeOf(guarded).returns.toEqualTypeOf<pulumi.Output<string[]> | undefined>();
  });
});
