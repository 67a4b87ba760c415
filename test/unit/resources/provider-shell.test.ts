import { describe, expect, it } from "vitest";
import { providerShell, RUNTIME_MODULE } from "../../../provider/resources/provider-shell";

describe("providerShell", () => {
  it("gives every resource of a kind the same object, which Pulumi then serializes only once", () => {
    expect(providerShell("Strategy")).toBe(providerShell("Strategy"));
    expect(providerShell("Strategy")).toBe(providerShell("Strategy", RUNTIME_MODULE));
  });

  it("keeps kinds and runtime modules apart", () => {
    expect(providerShell("Strategy")).not.toBe(providerShell("Webhook"));
    expect(providerShell("Strategy")).not.toBe(providerShell("Strategy", "other-runtime"));
  });
});
