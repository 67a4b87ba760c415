import { afterEach, describe, expect, it } from "vitest";
import { engineHealthProbe } from "../../../provider/runtime/engine-health";
import { FakeEngine } from "../plugin/fake-engine";

// The plugin's health check of the engine, against gRPC servers in this process.
describe("engineHealthProbe", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  async function probeOf(health: "serving" | "never" | "unimplemented", timeoutMs?: number) {
    const engine = await FakeEngine.start(health);
    const probe = engineHealthProbe(engine.address, timeoutMs);
    cleanups.push(
      () => probe.close(),
      () => engine.stop(),
    );
    return { engine, probe };
  }

  it("finds a serving engine alive, and gone once it stopped and its port refuses", async () => {
    const { engine, probe } = await probeOf("serving");
    expect(await probe.check()).toBe("alive");
    expect(await probe.check()).toBe("alive");
    expect(engine.checks).toBe(2);
    engine.stop();
    expect(await probe.check()).toBe("gone");
  });

  it("takes any answer as alive, UNIMPLEMENTED too: the engine is there", async () => {
    const { probe } = await probeOf("unimplemented");
    expect(await probe.check()).toBe("alive");
  });

  it("is unsure, never gone, of an engine that holds the connection but does not answer", async () => {
    const { engine, probe } = await probeOf("never", 300);
    expect(await probe.check()).toBe("unsure");
    expect(engine.checks).toBe(1);
  });
});
