import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_PIN_NAME } from "../../../provider/model/account-pin";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { accountPinHandler, pinnedAccountOf } from "../../../provider/runtime/account-pin";
import type { RuntimeContext } from "../../../provider/runtime/context";

/** A context whose key belongs to `keyAccount`, pinned by config to `pinned` if given; it counts its reads. */
function contextOf(keyAccount: string, pinned?: string): RuntimeContext & { reads: number } {
  const ctx = {
    reads: 0,
    settings: { pinnedAccount: () => pinned },
    run: {
      account: async () => {
        ctx.reads++;
        return { userId: keyAccount };
      },
    },
  };
  return ctx as unknown as RuntimeContext & { reads: number };
}

const printed: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  printed.length = 0;
});
const capture = () =>
  vi.spyOn(console, "error").mockImplementation((line: unknown) => {
    printed.push(String(line));
  });

describe("the account pin's check", () => {
  it("records the key's account at the stack's first up, and says so in one line naming it", async () => {
    capture();
    const checked = await accountPinHandler.check(contextOf("U1"), {}, {});
    expect(checked).toEqual({ inputs: { accountId: "U1" } });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain("pinned to account U1");
    expect(printed[0]).toContain(ACCOUNT_PIN_NAME);
  });

  it("records the pinned config's account rather than the key's, when it is the key's", async () => {
    capture();
    expect(await accountPinHandler.check(contextOf("U1", "U1"), {}, {})).toEqual({
      inputs: { accountId: "U1" },
    });
  });

  it("carries the recorded account on, silently, while the key is of that account", async () => {
    capture();
    const checked = await accountPinHandler.check(contextOf("U1"), { accountId: "U1" }, {});
    expect(checked).toEqual({ inputs: { accountId: "U1" } });
    expect(printed).toEqual([]);
  });

  it("fails, naming both accounts and what to do, when the key belongs to another account", async () => {
    capture();
    const checked = await accountPinHandler.check(contextOf("U2"), { accountId: "U1" }, {});
    expect(checked.failures).toHaveLength(1);
    const reason = checked.failures?.[0]?.reason ?? "";
    expect(reason).toContain("account U1");
    expect(reason).toContain("account U2");
    expect(reason).toContain(ACCOUNT_PIN_NAME);
    expect(reason).toContain("Nothing was sent");
    expect(reason).toContain("strategy-alerts:accountId");
    // The failure keeps what the state records: the pin never moves to the key's account.
    expect(checked.inputs).toEqual({ accountId: "U1" });
    expect(printed).toEqual([]);
  });

  it("fails a pinned config of another account than the key's, even on a first up", async () => {
    const checked = await accountPinHandler.check(contextOf("U2", "U1"), {}, {});
    expect(checked.failures?.[0]?.reason).toContain("pinned to account U1");
    expect(checked.failures?.[0]?.reason).toContain("U2");
  });

  it("moves to the pinned config's account on purpose when the key is of that account", async () => {
    capture();
    const checked = await accountPinHandler.check(contextOf("U2", "U2"), { accountId: "U1" }, {});
    expect(checked).toEqual({ inputs: { accountId: "U2" } });
  });

  it("reads the key's account through the run (one GET /me per run), and a failed read fails the check", async () => {
    const ctx = contextOf("U1");
    await accountPinHandler.check(ctx, { accountId: "U1" }, {});
    expect(ctx.reads).toBe(1);
    const failing = {
      settings: { pinnedAccount: () => undefined },
      run: {
        account: async () => {
          throw new Error("401 invalid key");
        },
      },
    } as unknown as RuntimeContext;
    await expect(accountPinHandler.check(failing, {}, {})).rejects.toThrow(
      `${ACCOUNT_PIN_NAME}: check failed: 401 invalid key`,
    );
  });
});

describe("the account pin's other operations", () => {
  const ctx = contextOf("U1");

  it("diffs as no change unless a recorded account moves", async () => {
    expect(
      await accountPinHandler.diff(ctx, "account-pin", { accountId: "U1" }, { accountId: "U1" }),
    ).toEqual({
      changes: false,
    });
    expect(await accountPinHandler.diff(ctx, "account-pin", {}, { accountId: "U1" })).toEqual({
      changes: false,
    });
    expect(
      await accountPinHandler.diff(ctx, "account-pin", { accountId: "U1" }, { accountId: "U2" }),
    ).toEqual({
      changes: true,
    });
  });

  it("creates and updates without a request, its output the checked account", async () => {
    const counted = contextOf("U1");
    expect(await accountPinHandler.create(counted, { accountId: "U1" })).toEqual({
      id: "account-pin",
      outs: { accountId: "U1" },
    });
    expect(
      await accountPinHandler.update(counted, "account-pin", { accountId: "U1" }, { accountId: "U2" }),
    ).toEqual({
      outs: { accountId: "U2" },
    });
    expect(counted.reads).toBe(0);
    expect(await accountPinHandler.read(counted, "account-pin", { accountId: "U1" })).toEqual({
      id: "account-pin",
      props: { accountId: "U1" },
    });
    await expect(
      accountPinHandler.delete(counted, "account-pin", { accountId: "U1" }),
    ).resolves.toBeUndefined();
    expect(counted.reads).toBe(0);
  });
});

describe("pinnedAccountOf", () => {
  it("reads a recorded account only: not an unknown, an empty or a non-string value", () => {
    expect(pinnedAccountOf({ accountId: "U1" })).toBe("U1");
    expect(pinnedAccountOf({ accountId: UNKNOWN })).toBeUndefined();
    expect(pinnedAccountOf({ accountId: "" })).toBeUndefined();
    expect(pinnedAccountOf({ accountId: 7 })).toBeUndefined();
    expect(pinnedAccountOf(undefined)).toBeUndefined();
  });
});
