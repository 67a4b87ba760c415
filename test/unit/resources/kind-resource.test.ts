import type * as pulumi from "@pulumi/pulumi";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as sa from "../../../provider";
import { KINDS, RESOURCE_KINDS } from "../../../provider/model/kinds";
import type { StoredRule } from "../../../provider/model/plain-types";

const classOf = (kind: string) =>
  (sa as unknown as Record<string, { __pulumiType: string; isInstance(o: unknown): boolean; name: string }>)[
    kind
  ]!;

describe("the class each kind's descriptor makes", () => {
  it.each(RESOURCE_KINDS)("%s carries its dynamic type token and its own name", (kind) => {
    const cls = classOf(kind);
    expect(cls.__pulumiType).toBe(KINDS[kind].dynamicToken);
    expect(cls.name).toBe(kind);
  });

  it.each(RESOURCE_KINDS)("%s.isInstance recognises its token only, across copies of the package", (kind) => {
    const cls = classOf(kind);
    expect(cls.isInstance({ __pulumiType: KINDS[kind].dynamicToken })).toBe(true);
    const others = RESOURCE_KINDS.filter((k) => k !== kind);
    for (const other of others)
      expect(cls.isInstance({ __pulumiType: KINDS[other].dynamicToken })).toBe(false);
    expect(cls.isInstance(undefined)).toBe(false);
    expect(cls.isInstance("Webhook")).toBe(false);
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
    expectTypeOf<sa.Strategy["dealbreakers"]>().toEqualTypeOf<pulumi.Output<StoredRule[]>>();
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
