import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TestEmulator } from "./emulator-fixture";
import { MachineFixture } from "./machine-fixture";
import { allText, portfolio } from "./portfolio-program";

describe.runIf(inject("pulumiBinDir"))(
  "the account's rate budget shared by the commands of one machine",
  () => {
    let machine: MachineFixture;
    let emulator: TestEmulator;
    const project = (name: string, program: string, apiKey: string) => machine.project(name, program, apiKey);

    beforeAll(async () => {
      machine = await MachineFixture.start();
      emulator = machine.emulator;
    });
    afterAll(async () => {
      await machine?.close();
    });

    it("meets no 429 when preview, up, refresh, up and destroy follow each other within the plan's minute", async () => {
      // A plan of 12 requests a minute: the sequence needs about 22, so the processes must share one window.
      const user = await emulator.user("PRO", { requestsPerMinute: 12 });
      const p = await project("back-to-back", portfolio(3, 1000, "b"), user.apiKey);
      const before = (await emulator.journal(user.userId)).length;
      await p.preview();
      await p.up();
      await p.refresh();
      await p.writeProgram(portfolio(3, 3000, "b"));
      const slow = await p.up();
      await p.destroy();
      const entries = (await emulator.journal(user.userId)).slice(before);
      expect(entries.length).toBeGreaterThan(12);
      expect(entries.filter((e) => e.status === 429)).toEqual([]);
      // The pause is announced with its reason.
      expect(allText(slow)).toMatch(
        /strategy-alerts: waiting \d+s before \w+ \/[^ ]+: the plan allows 12 requests per minute/,
      );
    });

    it("meets no 429 when two stacks of one account are applied at the same time", async () => {
      const user = await emulator.user("PRO", { requestsPerMinute: 10 });
      const a = await project("parallel-a", portfolio(3, 1000, "pa"), user.apiKey);
      const b = await project("parallel-b", portfolio(3, 1000, "pb"), user.apiKey);
      const before = (await emulator.journal(user.userId)).length;
      await Promise.all([a.up(), b.up()]);
      const entries = (await emulator.journal(user.userId)).slice(before);
      expect(entries.filter((e) => e.method === "POST" && e.route === "/strategies")).toHaveLength(6);
      expect(entries.length).toBeGreaterThan(10);
      expect(entries.filter((e) => e.status === 429)).toEqual([]);
    });
  },
);
