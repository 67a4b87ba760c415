import { describe, expect, it } from "vitest";
import { eachInParallel } from "../../../provider/runtime/in-parallel";

/** A task per item that finishes only when the test says so. */
function gate() {
  const started: number[] = [];
  const release = new Map<number, (fail?: Error) => void>();
  const work = (item: number) =>
    new Promise<void>((resolve, reject) => {
      started.push(item);
      release.set(item, (fail) => (fail ? reject(fail) : resolve()));
    });
  const finish = async (item: number, fail?: Error) => {
    await expect.poll(() => release.has(item)).toBe(true);
    release.get(item)!(fail);
  };
  return { started, work, finish };
}

describe("eachInParallel", () => {
  it("keeps at most `limit` items in flight and starts the next as one finishes", async () => {
    const { started, work, finish } = gate();
    const all = eachInParallel([1, 2, 3, 4, 5], work, 2);
    await expect.poll(() => started).toEqual([1, 2]);
    await finish(2);
    await expect.poll(() => started).toEqual([1, 2, 3]);
    for (const item of [1, 3, 4, 5]) await finish(item);
    await all;
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it("starts nothing after a failure, lets the items in flight finish, then throws the first failure", async () => {
    const { started, work, finish } = gate();
    let settled = false;
    const all = eachInParallel([1, 2, 3, 4], work, 2).finally(() => {
      settled = true;
    });
    await expect.poll(() => started).toEqual([1, 2]);
    await finish(1, new Error("first"));
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([1, 2]);
    expect(settled).toBe(false);
    await finish(2, new Error("second"));
    await expect(all).rejects.toThrow("first");
    expect(started).toEqual([1, 2]);
  });

  it("does nothing for no items", async () => {
    const { started, work } = gate();
    await eachInParallel([], work);
    expect(started).toEqual([]);
  });
});
