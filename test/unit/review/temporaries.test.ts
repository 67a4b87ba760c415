import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../provider/api/client";
import { parseTemporaryStrategyName } from "../../../provider/model/temporary-strategies";
import { ReviewInterruptedError } from "../../../provider/review/errors";
import { ReviewRun } from "../../../provider/review/review-run";
import { TEMPORARY_MARK, TemporaryStrategies } from "../../../provider/review/temporaries";

/** A client no call may reach. */
const untouchable = new Proxy({} as ApiClient, {
  get(_target, property) {
    throw new Error(`the client was used (${String(property)})`);
  },
});

const target = { name: "Safety first", urn: "urn:x", proposed: { triggers: ["new_token_created"] } };

describe("TemporaryStrategies", () => {
  it("names each copy after the run and the strategy, so a later review can tell whose it is", () => {
    const run = new ReviewRun({ runId: "1a2b3c", clock: () => Date.UTC(2030, 0, 10, 12) });
    const temporaries = new TemporaryStrategies(untouchable, run);
    const name = temporaries.nameFor("Safety first");
    expect(temporaries.runId).toBe("1a2b3c");
    expect(name.startsWith(TEMPORARY_MARK)).toBe(true);
    expect(name).toContain("1a2b3c");
    expect(name).toContain("Safety first");
    expect(parseTemporaryStrategyName(name)).toBeDefined();
  });

  it("makes no copy once the run is stopped, and has made nothing to report", async () => {
    const stop = new AbortController();
    stop.abort("SIGINT");
    const temporaries = new TemporaryStrategies(untouchable, new ReviewRun({ signal: stop.signal }));
    await expect(temporaries.create(target)).rejects.toThrow(ReviewInterruptedError);
    await expect(temporaries.create(target)).rejects.toThrow("the review was stopped (SIGINT)");
    expect(temporaries.report()).toEqual([]);
  });
});
