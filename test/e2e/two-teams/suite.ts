import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TestEmulator } from "../emulator-fixture";
import { startHookReceiver, stopHookReceiver } from "../fault-matrix/programs";
import { type Backends, type DoorMode, TeamPair } from "./pair";
import { STEPS } from "./steps";

/**
 * Two teams on one account, adversarially: team A renames, moves between providers, borrows and
 * drops team B's ids, mutes its developer, sees the app re-create the webhook, has an `up`
 * killed and recovered, and destroys; after every step team B's `pulumi preview --refresh
 * --expect-no-changes` passes and the account holds what team B declares. Every kind is declared
 * by both teams (the webhook, one per account, by team A). One emulator per file, a user per pair.
 *
 * The pairs run in two files, by door (two-teams-typescript, two-teams-yaml): one file of all four
 * took longer than the rest of the suite's files side by side.
 */
export function defineTwoTeams(pairs: [DoorMode, Backends][]): void {
  describe.runIf(inject("pulumiBinDir"))("two teams on one account", () => {
    let emulator: TestEmulator;
    beforeAll(async () => {
      await startHookReceiver();
      emulator = await TestEmulator.start();
    });
    afterAll(async () => {
      await emulator?.close();
      await stopHookReceiver();
    });

    describe.each(pairs)("%s, %s", (door, backends) => {
      let pair: TeamPair;
      beforeAll(async () => {
        pair = await TeamPair.start(door, backends, emulator);
      });
      afterAll(async () => {
        await pair?.cleanup();
      });

      const steps = STEPS.filter((s) => !s.doors || s.doors.includes(door));
      it.each(steps.map((s) => [s.name, s] as const))(
        "%s: team B's stack refreshes with no change and the account holds what it declares",
        async (_name, step) => {
          const problems = await step.run(pair);
          problems.push(...(await pair.checkB()));
          expect(problems).toEqual([]);
        },
      );
    });
  });
}
