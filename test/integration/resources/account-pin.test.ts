import type * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { ACCOUNT_PIN_NAME, ACCOUNT_PIN_TOKEN } from "../../../provider/model/account-pin";
import type { AccountPin } from "../../../provider/resources/account-pin";
import { MOCK_ACCOUNT, type Registration, runAccountPinProgram } from "./account-pin-program";

/**
 * The stack's account pin as a program registers it (`provider/resources/account-pin.ts`), under
 * the SDK's mocks in a fresh process: once per program, the first time a resource of ours is
 * declared, and its account handed to every resource but a `get`.
 */
describe("the account pin in a program", () => {
  let seen: Registration[];
  beforeAll(async () => {
    seen = await runAccountPinProgram();
  }, 120_000);

  it("is registered once, first, under its name and token", () => {
    const pins = seen.filter((r) => r.type === ACCOUNT_PIN_TOKEN);
    expect(pins).toHaveLength(1);
    expect(pins[0]?.name).toBe(ACCOUNT_PIN_NAME);
    expect(seen[0]?.type).toBe(ACCOUNT_PIN_TOKEN);
  });

  it("hands its account to every declared resource as accountPin", () => {
    const declared = seen.filter((r) => r.type !== ACCOUNT_PIN_TOKEN && r.type !== "" && !r.read);
    // Five kinds and a second strategy.
    expect(declared).toHaveLength(6);
    for (const r of declared) expect(r.accountPin, r.name).toBe(MOCK_ACCOUNT);
  });

  it("gives a `get` no pin: a read writes nothing", () => {
    const reads = seen.filter((r) => r.read);
    expect(reads.map((r) => r.name)).toEqual(["got"]);
    expect(reads[0]?.hasPin).toBe(false);
  });

  it("is the same resource however often the program's resources ask for it", () => {
    expect(seen.find((r) => r.name === "pin-asked-twice")?.accountPin).toBe(true);
    expectTypeOf<AccountPin["accountId"]>().toEqualTypeOf<pulumi.Output<string>>();
  });
});
