import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it, vi } from "vitest";
import type { ResourceKind } from "../../../provider/model/plain-types";
import { warnCheckedAtApply } from "../../../provider/resources/checked-at-apply";

/** The SDK's switch for tests (`setMocks` sets it too); put back after each call. */
const runtime = pulumi.runtime as unknown as { _setIsDryRun(value: boolean): void };
/** The resource the warning is attached to; the spied log never reads it. */
const resource = { name: "the resource" } as unknown as pulumi.Resource;

/** A value unknown until apply, as an output of a resource created in the same change is in a preview. */
const unknownValue = <T>() => pulumi.output(pulumi.unknown as unknown as T);

/** Every promise of the check is settled before the next turn of the event loop. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** The warnings `warnCheckedAtApply` sends for one declaration, in a preview unless told. */
async function warningsOf(
  kind: ResourceKind,
  args: object,
  { preview = true, opts }: { preview?: boolean; opts?: pulumi.CustomResourceOptions } = {},
): Promise<unknown[][]> {
  const warn = vi.spyOn(pulumi.log, "warn").mockResolvedValue(undefined);
  try {
    const was = pulumi.runtime.isDryRun();
    runtime._setIsDryRun(preview);
    try {
      warnCheckedAtApply(resource, kind, args, opts);
    } finally {
      runtime._setIsDryRun(was);
    }
    await settled();
    return warn.mock.calls.map((call) => [...call]);
  } finally {
    warn.mockRestore();
  }
}

const strategy = {
  name: "s",
  triggers: ["new_token_created"],
  rules: [{ rule: "is_honeypot", dealbreaker: true }],
};

describe("warnCheckedAtApply in a preview", () => {
  it("warns once on the resource, naming the checked input that is unknown until apply", async () => {
    expect(await warningsOf("Strategy", { ...strategy, name: unknownValue<string>() })).toEqual([
      ["checked at apply: name", resource],
    ]);
  });

  it("names every unknown checked input in one line, in the kind's order, a list holding one unknown too", async () => {
    const args = { ...strategy, rules: [unknownValue<object>()], name: unknownValue<string>(), strict: true };
    expect(await warningsOf("Strategy", args)).toEqual([["checked at apply: name, rules", resource]]);
  });

  it("says nothing when every checked input is known, outputs included", async () => {
    expect(await warningsOf("Strategy", { ...strategy, name: pulumi.output("s") })).toEqual([]);
    expect(await warningsOf("Webhook", { url: null, enabled: false })).toEqual([]);
  });

  it("says nothing of an unknown input the kind does not check", async () => {
    const webhook = { url: "https://hooks.example.com/in", enabled: true, rotation: unknownValue<string>() };
    expect(await warningsOf("Webhook", webhook)).toEqual([]);
    expect(await warningsOf("Webhook", { ...webhook, url: unknownValue<string>() })).toEqual([
      ["checked at apply: url", resource],
    ]);
  });

  it("does not wait on the elements of a list whose check needs only its length, but on the list", async () => {
    expect(await warningsOf("StrategyActivation", { strategyIds: [unknownValue<string>(), "b"] })).toEqual(
      [],
    );
    expect(await warningsOf("StrategyActivation", { strategyIds: unknownValue<string[]>() })).toEqual([
      ["checked at apply: strategyIds", resource],
    ]);
  });
});

describe("warnCheckedAtApply outside a declaration's preview", () => {
  it("says nothing in an update, whose every value is known", async () => {
    expect(
      await warningsOf("Strategy", { ...strategy, name: unknownValue<string>() }, { preview: false }),
    ).toEqual([]);
  });

  it("says nothing for a get, which declares no inputs", async () => {
    const opts = { id: "strategy-1" };
    expect(await warningsOf("Strategy", { ...strategy, name: unknownValue<string>() }, { opts })).toEqual([]);
  });
});

describe("warnCheckedAtApply after the engine has closed the channel", () => {
  it("handles the failure of sending the warning instead of leaving it unhandled", async () => {
    // The send's promise as the SDK answers it once the engine has closed the channel; a promise
    // that nobody adopts or catches is never asked for its outcome (`then` is never called).
    // A plain stand-in, not a vitest spy: a spy asks every promise it returns for its outcome.
    const failed = Promise.reject(new Error("Channel has been shut down"));
    let asked = 0;
    const then = failed.then.bind(failed);
    // biome-ignore lint/suspicious/noThenProperty: counts who asks this promise for its outcome
    failed.then = ((...args: Parameters<typeof then>) => {
      asked++;
      return then(...args);
    }) as typeof failed.then;
    const log = pulumi.log as { warn: typeof pulumi.log.warn };
    const original = log.warn;
    let sent = 0;
    log.warn = () => {
      sent++;
      return failed;
    };
    const was = pulumi.runtime.isDryRun();
    try {
      runtime._setIsDryRun(true);
      warnCheckedAtApply(resource, "Strategy", { ...strategy, name: unknownValue<string>() }, undefined);
      runtime._setIsDryRun(was);
      await settled();
      expect(sent).toBe(1);
      expect(asked).toBeGreaterThan(0);
    } finally {
      runtime._setIsDryRun(was);
      log.warn = original;
      await then(undefined, () => undefined);
    }
  });
});
