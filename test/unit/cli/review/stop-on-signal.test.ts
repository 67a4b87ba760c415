import { afterEach, describe, expect, it, vi } from "vitest";
import { ReviewStop } from "../../../../cli/review/stop-on-signal";

/** The handler the stop added last for `signal`, called as the process would call it. */
function deliver(signal: NodeJS.Signals): void {
  const handler = process.listeners(signal).at(-1) as (s: NodeJS.Signals) => void;
  handler(signal);
}

afterEach(() => vi.restoreAllMocks());

describe("ReviewStop", () => {
  it("aborts the run, deletes the temporaries, names those left and exits 130 on SIGINT, once", async () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const lines: string[] = [];
    const stop = new ReviewStop((line) => lines.push(line));
    let cleanups = 0;
    stop.track({
      cleanup: async () => {
        cleanups += 1;
      },
      report: () => [
        { name: "[review-tmp 1] a", deleted: true },
        { name: "[review-tmp 1] b\u001b[2J", deleted: false },
      ],
    });
    try {
      expect(stop.signal.aborted).toBe(false);
      deliver("SIGINT");
      deliver("SIGINT");
      await stop.settle();
      expect(stop.signal.aborted).toBe(true);
      expect(stop.signal.reason).toBe("SIGINT");
      expect(cleanups).toBe(1);
      expect(exit).toHaveBeenCalledTimes(1);
      expect(exit).toHaveBeenCalledWith(130);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain("stopped by SIGINT: no report written");
      expect(lines[1]).toContain("1 of 2 temporary strategies deleted (not deleted: [review-tmp 1] b");
      expect(lines[1]).not.toContain("\u001b");
    } finally {
      stop.dispose();
    }
  });

  it("exits 143 on SIGTERM even when the cleanup fails, and stops listening once disposed", async () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const before = process.listenerCount("SIGTERM");
    const stop = new ReviewStop(() => {});
    expect(process.listenerCount("SIGTERM")).toBe(before + 1);
    stop.track({
      cleanup: () => Promise.reject(new Error("service down")),
      report: () => [],
    });
    deliver("SIGTERM");
    await stop.settle();
    expect(exit).toHaveBeenCalledWith(143);
    stop.dispose();
    expect(process.listenerCount("SIGTERM")).toBe(before);
  });
});
