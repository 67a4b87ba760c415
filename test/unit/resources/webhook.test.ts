import type * as pulumi from "@pulumi/pulumi";
import { describe, expectTypeOf, it } from "vitest";
import { Webhook, type WebhookArgs } from "../../../provider/resources/webhook";
import { itIsTheClassOf } from "./kind-class";

describe("the Webhook class", () => {
  itIsTheClassOf("Webhook", Webhook);

  it("declares the webhook's args and outputs (checked by the typecheck)", () => {
    expectTypeOf<ConstructorParameters<typeof Webhook>>().toEqualTypeOf<
      [name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions]
    >();
    expectTypeOf<WebhookArgs["url"]>().toEqualTypeOf<pulumi.Input<string | null>>();
    expectTypeOf<Webhook["secret"]>().toEqualTypeOf<pulumi.Output<string | null>>();
    expectTypeOf<Webhook["hasSecret"]>().toEqualTypeOf<pulumi.Output<boolean>>();
    expectTypeOf(Webhook.get).returns.toEqualTypeOf<Webhook>();
  });
});
