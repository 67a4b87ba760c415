import { describe, expect, it } from "vitest";
import type { ServiceDateSample } from "../../../provider/api/service-clock";
import type { RuntimeContext } from "../../../provider/runtime/context";
import {
  CREATE_BOUND_INPUT,
  CREATE_BOUND_UNCERTAINTY_INPUT,
  createBoundInputs,
  passCreateBound,
  readCreateBound,
} from "../../../provider/runtime/strategy-create-bound";

/** A provider context whose client's latest answer is `latest.sample` (changeable), on a run of its own. */
function contextWith(latest: { sample: ServiceDateSample | undefined }): RuntimeContext {
  return { run: {}, client: () => ({ serviceDate: latest.sample }) } as unknown as RuntimeContext;
}

// This machine runs 90 s behind the service; the first answer's round trip took 200 ms.
const LOCAL = Date.parse("2026-04-01T10:00:00.000Z");
const FIRST: ServiceDateSample = {
  dateMs: Date.parse("2026-04-01T10:01:30Z"),
  sentAtMs: LOCAL,
  receivedAtMs: LOCAL + 200,
};

describe("the bound a new strategy's check stamps", () => {
  it("is the service's time of the run's calibrating request, at its earliest, with the header's second and the round trip", () => {
    const inputs = createBoundInputs(contextWith({ sample: FIRST }), true, {});
    expect(inputs).toEqual({
      [CREATE_BOUND_INPUT]: "2026-04-01T10:01:29.800Z",
      [CREATE_BOUND_UNCERTAINTY_INPUT]: 1200,
    });
    expect(readCreateBound(inputs)).toEqual({
      clock: "service",
      atMs: Date.parse("2026-04-01T10:01:29.800Z"),
      uncertaintyMs: 1200,
    });
  });

  it("is taken once per run: later answers of the run do not move it", () => {
    const latest = { sample: FIRST as ServiceDateSample | undefined };
    const ctx = contextWith(latest);
    const first = createBoundInputs(ctx, true, {});
    latest.sample = { dateMs: FIRST.dateMs + 60_000, sentAtMs: LOCAL + 60_000, receivedAtMs: LOCAL + 60_050 };
    expect(createBoundInputs(ctx, true, {})).toEqual(first);
    // Another run (another provider context) takes its own.
    expect(createBoundInputs(contextWith(latest), true, {})[CREATE_BOUND_INPUT]).toBe(
      "2026-04-01T10:02:29.950Z",
    );
  });

  it("without a calibration is this machine's time, with no uncertainty: read as a local-clock bound", () => {
    const before = Date.now();
    const inputs = createBoundInputs(contextWith({ sample: undefined }), true, {});
    expect(inputs).not.toHaveProperty(CREATE_BOUND_UNCERTAINTY_INPUT);
    const bound = readCreateBound(inputs);
    expect(bound?.clock).toBe("local");
    expect(bound!.atMs).toBeGreaterThanOrEqual(before);
  });

  it("keeps what the state holds on later checks, an older provider's stamp as it was; stamps nothing for an adoption", () => {
    const ctx = contextWith({ sample: FIRST });
    const held = { [CREATE_BOUND_INPUT]: "2026-03-01T00:00:00.000Z", [CREATE_BOUND_UNCERTAINTY_INPUT]: 700 };
    expect(createBoundInputs(ctx, false, { name: "x", ...held })).toEqual(held);
    const older = { [CREATE_BOUND_INPUT]: "2026-03-01T00:00:00.000Z" };
    expect(createBoundInputs(ctx, false, { name: "x", ...older })).toEqual(older);
    expect(readCreateBound(older)).toEqual({ clock: "local", atMs: Date.parse("2026-03-01T00:00:00Z") });
    expect(createBoundInputs(ctx, false, { name: "x" })).toEqual({});
  });

  it("reads none from a missing or unreadable stamp, and a malformed uncertainty as a local-clock bound", () => {
    expect(readCreateBound({})).toBeUndefined();
    expect(readCreateBound({ [CREATE_BOUND_INPUT]: "yesterday" })).toBeUndefined();
    expect(
      readCreateBound({ [CREATE_BOUND_INPUT]: "2026-03-01T00:00:00Z", [CREATE_BOUND_UNCERTAINTY_INPUT]: -5 }),
    ).toEqual({ clock: "local", atMs: Date.parse("2026-03-01T00:00:00Z") });
  });
});

describe("the wait before a create's POST", () => {
  function waitFor(
    inputs: Record<string, unknown>,
    localNow: number,
    latest: { sample: ServiceDateSample | undefined } = { sample: FIRST },
  ) {
    const ctx = contextWith(latest);
    const slept: number[] = [];
    return passCreateBound(
      ctx,
      inputs,
      () => localNow,
      async (ms) => {
        slept.push(ms);
      },
    ).then(() => slept);
  }

  it("lasts until the service's clock has certainly passed the bound plus its uncertainty", async () => {
    const stamped = createBoundInputs(contextWith({ sample: FIRST }), true, {});
    // Right after the answer: the service's clock shows at least 10:01:30.000; the band ends at 10:01:31.000.
    expect(await waitFor(stamped, LOCAL + 200)).toEqual([1000]);
    expect(await waitFor(stamped, LOCAL + 900)).toEqual([300]);
    expect(await waitFor(stamped, LOCAL + 1200)).toEqual([]);
  });

  it("never waits longer than the uncertainty, nor for a local-clock bound, an adoption or without a calibration", async () => {
    const stamped = createBoundInputs(contextWith({ sample: FIRST }), true, {});
    // The service's clock since moved back an hour: the wait stays within the bound's uncertainty.
    const movedBack = { dateMs: FIRST.dateMs - 3_600_000, sentAtMs: LOCAL + 100, receivedAtMs: LOCAL + 150 };
    expect((await waitFor(stamped, LOCAL + 200, { sample: movedBack }))[0]).toBeLessThanOrEqual(1200);
    expect(await waitFor({ [CREATE_BOUND_INPUT]: new Date(LOCAL).toISOString() }, LOCAL)).toEqual([]);
    expect(await waitFor({}, LOCAL)).toEqual([]);
    expect(await waitFor(stamped, LOCAL + 200, { sample: undefined })).toEqual([]);
  });
});
