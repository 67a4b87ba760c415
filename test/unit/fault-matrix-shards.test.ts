import { describe, expect, it } from "vitest";
import { cover, type Door, fullMatrix, ofShard, type Shard } from "../e2e/fault-matrix/cells";

/**
 * The fault matrix runs as three e2e files per door, one shard of faults each, its cells in an
 * order of their own (test/e2e/fault-matrix/cells.ts). Split and reordered, the CI cover must still
 * be every kind × operation and every kind × fault of each door (docs/reliability.md), and the
 * full matrix every cell.
 */
const DOORS: Door[] = ["TypeScript", "YAML"];
const SHARDS: Shard[] = ["refused", "lost", "killed"];
const names = (cells: { name: string }[]) => cells.map((c) => c.name).sort();

describe.each(DOORS)("the fault matrix's shards, %s door", (door) => {
  it.each([
    ["cover", cover(door)],
    ["full matrix", fullMatrix(door)],
  ] as const)("together run each cell of the %s once", (_which, cells) => {
    const shards = SHARDS.map((s) => ofShard(cells, s));
    expect(names(shards.flat())).toEqual(names(cells));
    for (const shard of shards) expect(shard.length).toBeGreaterThan(0);
  });

  it("keep a fault in one shard only", () => {
    const faultsOf = SHARDS.map((s) => new Set(ofShard(fullMatrix(door), s).map((c) => c.fault)));
    const all = faultsOf.flatMap((f) => [...f]);
    expect(new Set(all).size).toBe(all.length);
  });

  it("cover every kind × operation and every kind × fault in CI", () => {
    const ci = SHARDS.flatMap((s) => ofShard(cover(door), s));
    const pairs = (cells: { kind: string; op: string }[]) =>
      [...new Set(cells.map((c) => `${c.kind} ${c.op}`))].sort();
    expect(pairs(ci)).toEqual(pairs(fullMatrix(door)));
    const byFault = (cells: { kind: string; fault: string }[]) =>
      [...new Set(cells.map((c) => `${c.kind} ${c.fault}`))].sort();
    expect(byFault(ci)).toEqual(byFault(fullMatrix(door)));
  });
});
