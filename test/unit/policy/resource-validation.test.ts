import type { ResourceValidationArgs } from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import { validateOurResource } from "../../../provider/policy/resource-validation";
import { type Props, wrap } from "./policy-harness";

function argsOf(type: string, props: Props): ResourceValidationArgs {
  return { type, props: wrap({ ...props, __provider: "p" }), urn: `urn:x::${type}::r`, name: "r" } as never;
}

describe("validateOurResource", () => {
  it("runs only for our resources of its kind, on their inputs without __provider", async () => {
    const seen: Props[] = [];
    const validation = validateOurResource("Webhook", (props) => seen.push(props));
    await validation(argsOf(TYPE_TOKENS.Webhook, { url: "https://hooks.example" }), () => {});
    await validation(argsOf(TYPE_TOKENS.Strategy, { name: "s" }), () => {});
    await validation(argsOf("aws:s3/bucket:Bucket", { url: "x" }), () => {});
    expect(seen).toEqual([{ url: "https://hooks.example" }]);
  });

  it("hands the check the engine's way to report a violation", async () => {
    const reported: string[] = [];
    const validation = validateOurResource("Webhook", (props, _args, report) => report(`bad ${props.url}`));
    await validation(argsOf(TYPE_TOKENS.Webhook, { url: "http://x" }), (message) => reported.push(message));
    expect(reported).toEqual(["bad http://x"]);
  });
});
