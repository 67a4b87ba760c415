import type * as pulumi from "@pulumi/pulumi";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { KindOutput } from "../../../provider/model/kinds";
import {
  STRATEGY_BODY_FIELDS,
  STRATEGY_FIELDS,
  type StrategyField,
  StrategyInputSchema,
  StrategyPatchSchema,
} from "../../../provider/model/strategy";
import { Strategy, type StrategyArgs } from "../../../provider/resources/strategy";
import { itIsTheClassOf } from "./kind-class";

/** What the Strategy resource class declares beyond what every dynamic resource has. */
type ResourceProperties = Exclude<keyof Strategy, keyof pulumi.CustomResource>;

describe("the Strategy class", () => {
  itIsTheClassOf("Strategy", Strategy);
});

describe("a strategy's fields are declared once, in the model", () => {
  it("the resource declares exactly the model's fields and outputs (checked by the typecheck)", () => {
    expectTypeOf<ResourceProperties>().toEqualTypeOf<StrategyField | KindOutput<"Strategy">>();
    expectTypeOf<keyof StrategyArgs>().toEqualTypeOf<StrategyField | "adopt">();
  });

  it("the declared fields are the body's fields without isActive, and the body is the schemas' shape", () => {
    expect(STRATEGY_FIELDS).toEqual(STRATEGY_BODY_FIELDS.filter((f) => f !== "isActive"));
    expect([...STRATEGY_BODY_FIELDS].sort()).toEqual(Object.keys(StrategyInputSchema.shape).sort());
    expect([...STRATEGY_BODY_FIELDS].sort()).toEqual(Object.keys(StrategyPatchSchema.shape).sort());
  });
});
