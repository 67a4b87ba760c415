import { describe, expect, inject, it } from "vitest";
import { type CampaignOptions, campaignPassed, formatReport, runCampaign } from "./chaos/campaign";

/**
 * The fault campaign. In the test suite a reduced campaign runs (an emulator restart, three
 * killed `up`s, one per landing of the kill: after a write to the service, while the file
 * backend writes the checkpoint's attributes, while it writes the checkpoint; a key rotation and
 * a few rounds of HTTP faults: a few minutes); `npm run chaos` runs this file with
 * CHAOS_PROFILE=full, at least CHAOS_FAULTS (default 200) faults.
 */
const full = process.env.CHAOS_PROFILE === "full";
const options: Omit<CampaignOptions, "log"> = full
  ? {
      minFaults: Number(process.env.CHAOS_FAULTS ?? 200),
      maxRounds: 80,
      restartRounds: [3, 17],
      killRounds: [6, 24, 42],
      seed: Number(process.env.CHAOS_SEED ?? 13),
    }
  : {
      minFaults: 25,
      maxRounds: 8,
      restartRounds: [2],
      killRounds: [3, 4, 5],
      seed: Number(process.env.CHAOS_SEED ?? 13),
    };

describe.runIf(inject("pulumiBinDir"))("fault campaign", () => {
  it(
    "converges to the declared portfolio after every fault, with no duplicate, no loss and no leaked secret",
    async () => {
      const report = await runCampaign({ ...options, log: (line) => console.log(line) });
      console.log(`\n${formatReport(report)}`);
      expect(report.faults.length).toBeGreaterThanOrEqual(options.minFaults);
      expect(report.faults.map((f) => f.kind)).toEqual(
        expect.arrayContaining(["emulator restart", "pulumi up killed", "key rotated"]),
      );
      expect(report.problems).toEqual([]);
      expect(campaignPassed(report)).toBe(true);
    },
    full ? 4 * 3_600_000 : 600_000,
  );
});
