import { describe, expect, it } from "vitest";
import { createCheck, sweepCheck } from "../../../../cli/doctor/probe-strategy";
import { writeProbeChecks } from "../../../../cli/doctor/write-probe";
import { doctorContext } from "./doctor-context";

describe("the --write-probe checks", () => {
  it("sweep first, then create the probe, then check writes on it, each with its own row", () => {
    expect(writeProbeChecks.slice(0, 2)).toEqual([sweepCheck, createCheck]);
    const items = writeProbeChecks.map((c) => c.item);
    expect(new Set(items).size).toBe(items.length);
  });

  it("call nothing without --write-probe", async () => {
    const { ctx, sent } = doctorContext();
    for (const check of writeProbeChecks)
      expect((await check.observe(ctx)).observed, check.item).toBe("not checked (pass --write-probe)");
    expect(sent).toEqual([]);
  });

  it("observe nothing of a probe strategy that was never made", async () => {
    const { ctx, sent } = doctorContext();
    ctx.options = { ...ctx.options, writeProbe: true };
    for (const check of writeProbeChecks.slice(2))
      expect((await check.observe(ctx)).observed, check.item).toMatch(/^not observable/);
    expect(sent).toEqual([]);
  });
});
