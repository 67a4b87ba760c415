import { describe, expect, it } from "vitest";
import { handlers } from "../../../provider/runtime/handlers";
import type { PropertyBag } from "../../../provider/runtime/inputs";
import { controlOk } from "../../support/emulator";
import { useAccountPerTest, useRuntimeEmulator } from "../../support/runtime-emulator";
import { sampleStrategy } from "../../support/strategy";

type Failure = Error & { id?: string; properties?: PropertyBag };

/**
 * An activation deactivates only what it activated: two stacks (two provider contexts) on one
 * account, the second declaring a strategy the first holds active.
 */
describe("StrategyActivation against the emulator", () => {
  const em = useRuntimeEmulator();
  const { stack, stderr } = useAccountPerTest(em, "DEGEN");

  async function strategies(ctx: ReturnType<typeof stack>, ...names: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const name of names) {
      const { isActive: _activity, ...body } = sampleStrategy({ name });
      ids.push((await handlers.Strategy.create(ctx, body as unknown as PropertyBag)).id);
    }
    return ids;
  }
  async function activate(ctx: ReturnType<typeof stack>, strategyIds: string[], exclusive = false) {
    const checked = await handlers.StrategyActivation.check(ctx, {}, { strategyIds, exclusive });
    expect(checked.failures ?? []).toEqual([]);
    return handlers.StrategyActivation.create(ctx, checked.inputs);
  }
  /** The id of a strategy named `name` that another stack created and activated. */
  async function activeInAnotherStack(name: string): Promise<string> {
    const other = stack();
    const [id] = await strategies(other, name);
    await activate(other, [id!]);
    return id!;
  }
  const active = async () =>
    (await stack().client().strategies.list()).strategies
      .filter((s) => s.isActive)
      .map((s) => s.id)
      .sort();
  const failureOf = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: unknown) => e as Failure,
    );

  it("records only what it activated, and leaves another stack's strategy active when it drops it or is deleted", async () => {
    const mine = await activeInAnotherStack("team one");

    const two = stack();
    const [theirs] = await strategies(two, "team two");
    const second = await activate(two, [mine!, theirs!]);
    expect(second.outs.strategyIds).toEqual([mine, theirs].sort());
    expect(second.outs.activatedIds).toEqual([theirs]);

    // Team two drops team one's strategy: it stays active, and the update says why.
    const dropped = await handlers.StrategyActivation.update(stack(), second.id, second.outs, {
      strategyIds: [theirs],
      exclusive: false,
    });
    expect(dropped.outs?.activatedIds).toEqual([theirs]);
    expect(await active()).toEqual([mine, theirs].sort());
    expect(stderr.join("\n")).toContain(`"team one" (${mine})`);
    expect(stderr.join("\n")).toMatch(/found them active and did not activate them.*so they stay active/);

    // Declared again and then destroyed: still found active, so still left active.
    const again = await handlers.StrategyActivation.update(stack(), second.id, dropped.outs!, {
      strategyIds: [mine, theirs],
      exclusive: false,
    });
    expect(again.outs?.activatedIds).toEqual([theirs]);
    await handlers.StrategyActivation.delete(stack(), second.id, again.outs!);
    expect(await active()).toEqual([mine]);
  });

  it("counts a state without the record (release 0.2.0) as holding its whole set, as before", async () => {
    const ctx = stack();
    const ids = await strategies(ctx, "old A", "old B");
    const created = await activate(ctx, ids);
    const { activatedIds: _record, ...oldState } = created.outs;
    const shrunk = await handlers.StrategyActivation.update(stack(), created.id, oldState, {
      strategyIds: [ids[0]],
      exclusive: false,
    });
    expect(await active()).toEqual([ids[0]]);
    expect(shrunk.outs?.activatedIds).toEqual([ids[0]]);
  });

  it("counts a strategy of its own stack, found active, as its own (a renamed activation)", async () => {
    const ctx = stack();
    const ids = await strategies(ctx, "own A");
    await activate(ctx, ids);
    // The next run: the stack's Strategy is diffed before the activation under its new name.
    const run = stack();
    await handlers.Strategy.diff(run, ids[0]!, {}, {});
    const renamed = await activate(run, ids);
    expect(renamed.outs.activatedIds).toEqual(ids);
  });

  it("records what a partly failed create activated, and not what it found active", async () => {
    const found = await activeInAnotherStack("found");
    const ctx = stack();
    const [ok, broken] = await strategies(ctx, "ok", "broken");
    await controlOk(em, "POST", "/faults", {
      method: "POST",
      path: `/strategies/${broken}/activate`,
      status: 500,
      count: 20,
    });
    const err = await failureOf(
      handlers.StrategyActivation.create(stack(), { strategyIds: [found, ok, broken] }),
    );
    await controlOk(em, "DELETE", "/faults");
    expect(err?.properties?.strategyIds).toEqual([found, ok].sort());
    expect(err?.properties?.activatedIds).toEqual([ok]);

    // Retrying and then deleting deactivates only its own.
    const retried = await handlers.StrategyActivation.update(stack(), err!.id!, err!.properties!, {
      strategyIds: [found, ok, broken],
      exclusive: false,
    });
    expect(retried.outs?.activatedIds).toEqual([ok, broken].sort());
    await handlers.StrategyActivation.delete(stack(), err!.id!, retried.outs!);
    expect(await active()).toEqual([found]);
  });

  it("records a partly failed update truthfully: what it still holds and which of that it activated", async () => {
    const found = await activeInAnotherStack("found");
    const ctx = stack();
    const ids = await strategies(ctx, "U1", "U2", "U3");
    const first = await activate(ctx, [found!, ids[0]!]);
    await controlOk(em, "POST", "/faults", {
      method: "POST",
      path: `/strategies/${ids[2]}/activate`,
      status: 500,
      count: 20,
    });
    const err = await failureOf(
      handlers.StrategyActivation.update(stack(), first.id, first.outs, {
        strategyIds: [ids[1], ids[2]],
        exclusive: false,
      }),
    );
    await controlOk(em, "DELETE", "/faults");
    // ids[0] was its own and is deactivated; the found one stays active and is no longer held.
    expect(err?.properties?.strategyIds).toEqual([ids[1]]);
    expect(err?.properties?.activatedIds).toEqual([ids[1]]);
    expect(await active()).toEqual([found, ids[1]].sort());
  });

  it("with exclusive deactivates strategies it did not activate too, and says so", async () => {
    const theirs = await activeInAnotherStack("their strategy");
    const ctx = stack();
    const [mine] = await strategies(ctx, "mine");
    const created = await activate(ctx, [mine!], true);
    expect(created.outs.activatedIds).toEqual([mine]);
    expect(await active()).toEqual([mine]);
    expect(stderr.join("\n")).toMatch(
      new RegExp(
        `exclusive: deactivating 1 active strategies that this activation did not activate.*"their strategy" \\(${theirs}\\)`,
      ),
    );
  });

  it("refreshes the record to what is still active, and an import takes the active set as its own", async () => {
    const ctx = stack();
    const ids = await strategies(ctx, "R1", "R2");
    const created = await activate(ctx, ids);
    await stack().client().strategies.deactivate(ids[1]!);
    const read = await handlers.StrategyActivation.read(stack(), created.id, created.outs);
    expect(read.props?.strategyIds).toEqual([ids[0]]);
    expect(read.props?.activatedIds).toEqual([ids[0]]);
    const imported = await handlers.StrategyActivation.read(stack(), "active-strategies", {});
    expect(imported.props?.activatedIds).toEqual([ids[0]]);
    expect(imported.inputs).toEqual({ strategyIds: [ids[0]], exclusive: false });
  });
});
