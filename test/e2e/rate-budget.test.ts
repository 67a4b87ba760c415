import { describe, inject, it } from "vitest";
import { machineFile } from "./machine-fixture";
import { allText, portfolio, strategiesOnly } from "./portfolio-program";

/**
 * Each scenario is an account of its own (its own window file) and waits out at least one real
 * minute window: they run side by side, so that the file takes one wait, not one per scenario.
 */
describe.runIf(inject("pulumiBinDir"))(
  "the account's rate budget shared by the commands of one machine",
  () => {
    const machine = machineFile();
    const { project } = machine;

    it.concurrent("meets no 429 when preview, up, refresh, up and destroy follow each other within the plan's minute", async ({
      expect,
    }) => {
      // A plan of 12 requests a minute: the sequence needs about 22, so the processes must share one window.
      const user = await machine.emulator.user("PRO", { requestsPerMinute: 12 });
      const p = await project("back-to-back", portfolio(3, 1000, "b"), user.apiKey);
      const before = (await machine.emulator.journal(user.userId)).length;
      await p.preview();
      await p.up();
      await p.refresh();
      await p.writeProgram(portfolio(3, 3000, "b"));
      const slow = await p.up();
      await p.destroy();
      const entries = (await machine.emulator.journal(user.userId)).slice(before);
      expect(entries.length).toBeGreaterThan(12);
      expect(entries.filter((e) => e.status === 429)).toEqual([]);
      // The pause is announced with its reason.
      expect(allText(slow)).toMatch(
        /strategy-alerts: waiting \d+s before \w+ \/[^ ]+: the plan allows 12 requests per minute/,
      );
    });

    it.concurrent("meets no 429 when two stacks of one account are applied at the same time", async ({
      expect,
    }) => {
      const user = await machine.emulator.user("PRO", { requestsPerMinute: 10 });
      const a = await project("parallel-a", portfolio(3, 1000, "pa"), user.apiKey);
      const b = await project("parallel-b", portfolio(3, 1000, "pb"), user.apiKey);
      const before = (await machine.emulator.journal(user.userId)).length;
      await Promise.all([a.up(), b.up()]);
      const entries = (await machine.emulator.journal(user.userId)).slice(before);
      expect(entries.filter((e) => e.method === "POST" && e.route === "/strategies")).toHaveLength(6);
      expect(entries.length).toBeGreaterThan(10);
      expect(entries.filter((e) => e.status === 429)).toEqual([]);
    });

    it.concurrent("says in the Pulumi output what it waits for, how long and why, when the plan's rate limit makes it pause", async ({
      expect,
    }) => {
      const user = await machine.emulator.user("PRO", { requestsPerMinute: 4, total: 100 });
      const p = await project("slow-plan", strategiesOnly(4, "w"), user.apiKey);
      const up = await p.up();
      expect(allText(up)).toMatch(
        /strategy-alerts: waiting \d+s before POST \/strategies: the plan allows 4 requests per minute/,
      );
      expect((await user.client.strategies.list()).strategies).toHaveLength(4);
    });
  },
);
