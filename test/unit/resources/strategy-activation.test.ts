import type * as pulumi from "@pulumi/pulumi";
import { describe, expectTypeOf, it } from "vitest";
import {
  StrategyActivation,
  type StrategyActivationArgs,
} from "../../../provider/resources/strategy-activation";
import { itIsTheClassOf } from "./kind-class";

describe("the StrategyActivation class", () => {
  itIsTheClassOf("StrategyActivation", StrategyActivation);

  it("declares the active set's args and outputs (checked by the typecheck)", () => {
    expectTypeOf<StrategyActivationArgs["exclusive"]>().toEqualTypeOf<pulumi.Input<boolean> | undefined>();
    expectTypeOf<StrategyActivation["activeStrategyIds"]>().toEqualTypeOf<pulumi.Output<string[]>>();
    expectTypeOf(StrategyActivation.get).returns.toEqualTypeOf<StrategyActivation>();
  });
});
