import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { withProviderOnInitFailure } from "../../../provider/runtime/dynamic-door";
import { initFailure, isInitFailure } from "../../../provider/runtime/errors";

const failing = () => Promise.reject(initFailure("half done", "activation-1", { strategyIds: ["a"] }));
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe("an init failure in the dynamic door", () => {
  it("carries the __provider of a create's inputs, beside the properties the handler recorded", async () => {
    const err = await caught(withProviderOnInitFailure({ __provider: "create text" }, undefined, failing));
    expect(isInitFailure(err) && err.properties).toEqual({ strategyIds: ["a"], __provider: "create text" });
  });

  it("carries an update's new __provider, and its old one when the new is missing or unknown", async () => {
    const news = await caught(
      withProviderOnInitFailure({ __provider: "new" }, { __provider: "old" }, failing),
    );
    expect(isInitFailure(news) && news.properties.__provider).toBe("new");
    const unknown = await caught(
      withProviderOnInitFailure({ __provider: UNKNOWN }, { __provider: "old" }, failing),
    );
    expect(isInitFailure(unknown) && unknown.properties.__provider).toBe("old");
    const missing = await caught(withProviderOnInitFailure({}, { __provider: "old" }, failing));
    expect(isInitFailure(missing) && missing.properties.__provider).toBe("old");
  });

  it("passes results and other failures through as they are", async () => {
    expect(await withProviderOnInitFailure({ __provider: "p" }, undefined, async () => 7)).toBe(7);
    const plain = new Error("refused");
    expect(
      await caught(withProviderOnInitFailure({ __provider: "p" }, undefined, () => Promise.reject(plain))),
    ).toBe(plain);
    expect(plain).not.toHaveProperty("properties");
  });
});
