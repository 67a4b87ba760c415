import { afterEach, describe, expect, it, vi } from "vitest";
import { EngineWatch, engineAddressOf, exitWithEngine } from "../../../provider/runtime/engine-watch";

type Answer = "alive" | "gone" | "unsure";

/** Probes whose parent and engine answers the test sets, one answer per probe round. */
function fakeProbes(answers: (Answer | Error)[] = []) {
  const state = { parent: 4242, engineCalls: 0 };
  return {
    state,
    probes: {
      parentPid: () => state.parent,
      engine: async (): Promise<Answer> => {
        const answer = answers[state.engineCalls++] ?? "alive";
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  };
}

describe("EngineWatch.probe", () => {
  it("is quiet while the parent is the same and the engine answers", async () => {
    const { probes, state } = fakeProbes(["alive", "alive", "alive"]);
    const watch = new EngineWatch(probes);
    for (let i = 0; i < 3; i++) expect(await watch.probe()).toBeUndefined();
    expect(state.engineCalls).toBe(3);
  });

  it("names the parent once the process was re-parented, without asking the engine", async () => {
    const { probes, state } = fakeProbes();
    const watch = new EngineWatch(probes);
    state.parent = 1;
    expect(await watch.probe()).toBe("the provider's parent process 4242 has exited");
    expect(state.engineCalls).toBe(0);
  });

  it("takes two refusals in a row for a gone engine; an answer in between starts the count again", async () => {
    const { probes } = fakeProbes(["gone", "alive", "gone", "gone"]);
    const watch = new EngineWatch(probes);
    expect(await watch.probe()).toBeUndefined();
    expect(await watch.probe()).toBeUndefined();
    expect(await watch.probe()).toBeUndefined();
    expect(await watch.probe()).toBe("the engine refused 2 health checks in a row");
  });

  it("never ends the provider on checks that went unanswered or failed to run (a suspended engine)", async () => {
    const unanswered: (Answer | Error)[] = ["unsure", new Error("socket trouble"), "unsure", "unsure"];
    const watch = new EngineWatch(fakeProbes(unanswered).probes);
    for (let i = 0; i < unanswered.length; i++) expect(await watch.probe()).toBeUndefined();
  });

  it("honours its refusal count", async () => {
    const watch = new EngineWatch(fakeProbes(["gone"]).probes, { refusalsToExit: 1 });
    expect(await watch.probe()).toBe("the engine refused 1 health checks in a row");
  });

  it("watches the parent alone when the provider was given no engine address", async () => {
    let parent = 10;
    const watch = new EngineWatch({ parentPid: () => parent });
    expect(await watch.probe()).toBeUndefined();
    parent = 11;
    expect(await watch.probe()).toMatch(/parent process 10/);
  });
});

describe("EngineWatch.start", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("probes every interval and calls back once, with the reason, when the engine is gone", async () => {
    vi.useFakeTimers();
    const { probes, state } = fakeProbes();
    const watch = new EngineWatch(probes, { intervalMs: 1000 });
    const reasons: string[] = [];
    watch.start((reason) => reasons.push(reason));
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.engineCalls).toBe(5);
    expect(reasons).toEqual([]);
    state.parent = 1;
    await vi.advanceTimersByTimeAsync(5000);
    expect(reasons).toEqual(["the provider's parent process 4242 has exited"]);
    // Stopped after the callback: no further probes.
    expect(state.engineCalls).toBe(5);
  });

  it("never overlaps probes: a check still waiting for its answer skips the next round", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const watch = new EngineWatch(
      {
        parentPid: () => 1,
        engine: () => {
          calls++;
          return new Promise<Answer>((resolve) => setTimeout(() => resolve("alive"), 3500));
        },
      },
      { intervalMs: 1000 },
    );
    watch.start(() => {});
    await vi.advanceTimersByTimeAsync(4200);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    watch.stop();
  });

  it("does not keep the process alive by itself (its timer is unref'd)", () => {
    const watch = new EngineWatch({ parentPid: () => 1 });
    const spy = vi.spyOn(globalThis, "setInterval");
    watch.start(() => {});
    const timer = spy.mock.results[0]?.value as NodeJS.Timeout;
    spy.mockRestore();
    expect(timer.hasRef()).toBe(false);
    watch.stop();
  });
});

describe("engineAddressOf", () => {
  it("finds the engine's address after the logging and tracing flags the engine may pass first", () => {
    expect(engineAddressOf(["127.0.0.1:4000"])).toBe("127.0.0.1:4000");
    expect(engineAddressOf(["--logtostderr", "-v=9", "127.0.0.1:4000"])).toBe("127.0.0.1:4000");
    expect(engineAddressOf(["--tracing", "127.0.0.1:9411", "127.0.0.1:4000"])).toBe("127.0.0.1:4000");
    expect(engineAddressOf([])).toBeUndefined();
    expect(engineAddressOf(["--logtostderr"])).toBeUndefined();
  });
});

describe("exitWithEngine", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("closes what it was given, then exits with 0, once the parent changed; a pipe error ends it too", async () => {
    vi.useFakeTimers();
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const before = process.stdout.listeners("error");
    let parent = 4242;
    const closed: string[] = [];
    const stop = exitWithEngine(undefined, () => parent);
    const added = process.stdout.listeners("error").filter((l) => !before.includes(l));
    try {
      stop.push(() => closed.push("server"));
      await vi.advanceTimersByTimeAsync(3000);
      expect(exit).not.toHaveBeenCalled();
      parent = 1;
      await vi.advanceTimersByTimeAsync(1000);
      expect(closed).toEqual(["server"]);
      expect(exit).toHaveBeenCalledWith(0);
      // The engine reading the provider's output is gone: a broken pipe ends the process at once.
      expect(added).toHaveLength(1);
      added[0]!(new Error("EPIPE"));
      expect(exit).toHaveBeenCalledTimes(2);
    } finally {
      for (const l of added) process.stdout.off("error", l as (err: Error) => void);
      for (const l of process.stderr.listeners("error"))
        if (added.includes(l)) process.stderr.off("error", l as never);
    }
  });
});
