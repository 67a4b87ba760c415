import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TestEmulator } from "./emulator-fixture";
import { startHookReceiver, stopHookReceiver } from "./fault-matrix/programs";
import { type Backends, type DoorMode, TeamPair } from "./two-teams/pair";
import { STEPS } from "./two-teams/steps";

/**
 * Two teams on one account, adversarially: team A renames, moves between providers, borrows and
 * drops team B's ids, mutes its developer, sees the app re-create the webhook, has an `up`
 * killed and recovered, and destroys; after every step team B's `pulumi preview --refresh
 * --expect-no-changes` passes and the account holds what team B declares. Every kind is declared
 * by both teams (the webhook, one per account, by team A). One emulator, a user per pair.
 */
const PAIRS: [DoorMode, Backends][] = [
  ["TypeScript", "same backend"],
  ["TypeScript", "two backends"],
  ["YAML default provider", "same backend"],
  ["YAML explicit provider", "two backends"],
];

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

  describe.each(PAIRS)("%s, %s", (door, backends) => {
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
