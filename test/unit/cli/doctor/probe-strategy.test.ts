import { describe, expect, it } from "vitest";
import { createCheck, sweepCheck, writeCheck } from "../../../../cli/doctor/probe-strategy";
import { temporaryStrategyName } from "../../../../provider/model/temporary-strategies";
import * as fx from "../../../support/api-fixtures";
import { answer, doctorContext } from "./doctor-context";

const STARTED = Date.parse("2026-03-04T12:00:00.000Z");
const probing = (...args: Parameters<typeof doctorContext>) => {
  const made = doctorContext(...args);
  made.ctx.options = { ...made.ctx.options, writeProbe: true };
  made.ctx.startedAt = STARTED;
  return made;
};

describe("the write probe's checks", () => {
  it("observe nothing without --write-probe, and nothing of a probe strategy that could not be made", async () => {
    const check = writeCheck({
      item: "x",
      spec: "",
      emulatorReading: "",
      observe: async () => ({ observed: "ran", differs: false, breaks: false }),
    });
    expect((await check.observe(doctorContext().ctx)).observed).toBe("not checked (pass --write-probe)");
    expect((await check.observe(probing().ctx)).observed).toBe("not observable (no probe strategy)");
  });

  it("create an inactive probe strategy, registering its deletion before the answer", async () => {
    const probe = fx.strategy({ id: "probe-1" });
    const { ctx, sent } = probing({
      "POST /strategies": answer(201, { strategy: probe }),
      "DELETE /strategies/:id": answer(200, { success: true }),
    });
    expect(await createCheck.observe(ctx)).toEqual({
      observed: "201 {strategy}",
      differs: false,
      breaks: false,
    });
    const body = sent[0]?.options as { body: { name: string; isActive: boolean } };
    expect(body.body.name).toBe(temporaryStrategyName("doctor", "abc123", "write probe"));
    expect(body.body.isActive).toBe(false);
    expect(ctx.cleanups).toHaveLength(1);
    await ctx.cleanups[0]?.();
    expect(sent.at(-1)).toMatchObject({ method: "DELETE", path: "/strategies/probe-1" });
    const ran = writeCheck({
      item: "x",
      spec: "",
      emulatorReading: "",
      observe: async (_ctx, p) => ({ observed: p.id, differs: false, breaks: false }),
    });
    expect((await ran.observe(ctx)).observed).toBe("probe-1");
  });

  it("sweep only other runs' probes made before this run began", async () => {
    const older = new Date(STARTED - 60_000).toISOString();
    const list = [
      { id: "old", name: temporaryStrategyName("doctor", "ffffff", "write probe"), createdAt: older },
      { id: "mine", name: temporaryStrategyName("doctor", "abc123", "write probe"), createdAt: older },
      {
        id: "later",
        name: temporaryStrategyName("doctor", "eeeeee", "write probe"),
        createdAt: new Date(STARTED + 1).toISOString(),
      },
      { id: "user", name: "Safety first", createdAt: older },
    ];
    const { ctx, sent } = probing({
      "GET /strategies": answer(200, { strategies: list }),
      "DELETE /strategies/:id": answer(404, { statusCode: 404, message: "gone", error: "Not Found" }),
    });
    expect((await sweepCheck.observe(ctx)).observed).toBe("1 of 1 deleted");
    expect(sent.filter((s) => s.method === "DELETE").map((s) => s.path)).toEqual(["/strategies/old"]);
  });
});
