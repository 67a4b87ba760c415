import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { kindOfUrn, previewOutputs } from "../../../provider/plugin/tokens";

describe("previewOutputs", () => {
  it("keeps a strategy's id known through the preview of its update, so what names it shows no change", () => {
    const olds = {
      name: "A",
      strategyId: "s-1",
      userId: "u",
      createdAt: "t0",
      updatedAt: "t1",
      isActive: true,
    };
    const outs = previewOutputs("Strategy", { name: "B" }, olds);
    expect(outs).toMatchObject({ name: "B", strategyId: "s-1", userId: "u", createdAt: "t0" });
    expect(outs.updatedAt).toBe(UNKNOWN);
    expect(outs.isActive).toBe(UNKNOWN);
  });

  it("leaves every output of a resource still to be created unknown", () => {
    expect(previewOutputs("Webhook", { url: null, enabled: false })).toEqual({
      url: null,
      enabled: false,
      verifiedAt: UNKNOWN,
      hasSecret: UNKNOWN,
      secret: UNKNOWN,
      verificationError: UNKNOWN,
      accountId: UNKNOWN,
    });
  });
});

describe("kindOfUrn", () => {
  it("reads the plugin's kind from a URN, also under a parent, and refuses dynamic tokens", () => {
    expect(kindOfUrn("urn:pulumi:dev::p::strategy-alerts:index:Strategy::s")).toBe("Strategy");
    expect(kindOfUrn("urn:pulumi:dev::p::my:Component$strategy-alerts:index:Webhook::w")).toBe("Webhook");
    expect(kindOfUrn("urn:pulumi:dev::p::pulumi-nodejs:dynamic/strategy-alerts:Strategy::s")).toBeUndefined();
  });
});
