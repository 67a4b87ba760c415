import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TestEmulator } from "../emulator-fixture";
import { type Cell, cover, type Door, fullMatrix, ofShard, type Shard } from "./cells";
import { Lane } from "./lane";
import { startHookReceiver, stopHookReceiver } from "./programs";

/**
 * One shard of the fault matrix of one door (its faults, cells.ts), every cell a named test, in
 * order: one emulator and one account for the shard, team B's objects beside team A's. The e2e
 * suite runs the deterministic cover (cells.ts); `npm run chaos -- --matrix` runs every cell
 * (FAULT_MATRIX=full).
 */
export function defineMatrix(door: Door, shard: Shard): void {
  const full = process.env.FAULT_MATRIX === "full";
  const cells: Cell[] = ofShard(full ? fullMatrix(door) : cover(door), shard);

  describe.runIf(inject("pulumiBinDir"))(
    `fault matrix: ${door} door, ${shard} (${full ? "full" : "cover"})`,
    () => {
      let emulator: TestEmulator;
      let lane: Lane;

      beforeAll(async () => {
        await startHookReceiver();
        emulator = await TestEmulator.start();
        lane = await Lane.start(door, emulator);
      });
      afterAll(async () => {
        await lane?.cleanup();
        await emulator?.close();
        await stopHookReceiver();
      });

      it.each(cells.map((c) => [c.name, c] as const))(
        "%s: no duplicate, nothing lost, team B untouched, both stacks refresh clean",
        async (_name, cell) => {
          const outcome = await lane.run(cell, full);
          const verdict = outcome.problems.length === 0 ? "ok" : `FAILED: ${outcome.problems.join(" | ")}`;
          console.log(`${cell.name}: ${verdict}\n  ${outcome.log.join("\n  ")}`);
          expect(outcome.problems, outcome.log.join("\n")).toEqual([]);
        },
        full ? 600_000 : 300_000,
      );

      it("team B's stack refreshes with no change after every cell, its objects as they were", async () => {
        expect(await lane.checkTeamB()).toEqual([]);
      });
    },
  );
}
