import { describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import type { StrategyInput } from "../../provider/model/strategy";
import { emulatorFile } from "./file-fixture";
import { changeReport } from "./harness";
import { cancelAndRecover, liveIds, stateOf, upKilledWhileHeld } from "./killed-up-fixture";

/**
 * The report behind recover's service-clock bound: another team (another backend, or the app)
 * makes a strategy of the same name and content on the same account a few seconds before a
 * `pulumi up` that is then killed with its create pending. recover must not import that
 * strategy (no stack recover can read holds it, and it has the content), so the stack's next
 * `destroy` cannot delete it. The bound recover checks is on the service's clock, taken from
 * the Date header of the killed update's answers, with no minute allowed for a clock running
 * behind.
 */

const NAME = "desk momentum";
const RULES = [
  { rule: "liquidity_usd", dealbreaker: true, min: 4200 },
  { rule: "has_website", dealbreaker: false },
];

const program = `import * as sa from "pulumi-strategy-alerts";
new sa.Strategy("momentum", {
  name: ${JSON.stringify(NAME)},
  triggers: ["new_token_created"],
  rules: ${JSON.stringify(RULES)},
});
`;

describe.runIf(inject("pulumiBinDir"))(
  "recover against another team's twin made just before the killed update",
  () => {
    const file = emulatorFile();

    /** The other team's strategy, made `secondsBefore` seconds ago on the service's clock. */
    async function otherTeamsTwin(client: ApiClient, secondsBefore: number) {
      const { emulator } = file;
      await emulator.control("POST", "/clock", { advanceMinutes: -secondsBefore / 60 });
      const theirs = await client.strategies.create({
        name: NAME,
        triggers: ["new_token_created"],
        rules: RULES,
        isActive: false,
      } as StrategyInput);
      await emulator.control("POST", "/clock", { advanceMinutes: secondsBefore / 60 });
      return theirs;
    }

    it("clears a create that never reached the service rather than import the twin made 7 s before; destroy spares the twin", async () => {
      const user = await file.emulator.user("DEGEN");
      const p = await file.project(user, { name: "clock-cleared", program });
      const theirs = await otherTeamsTwin(user.client, 7);

      // The POST is held, then dropped before the service applies it: the update made nothing.
      const [pending] = await upKilledWhileHeld(file.emulator, p, 1, { latencyMs: 25_000, drop: "before" });
      const inputs = pending!.resource.inputs ?? {};
      expect(await liveIds(user.client)).toEqual([theirs.id]);
      // The bound is on the service's clock, with its uncertainty, and the twin is older than it.
      const bound = Date.parse(String(inputs.createdNotBefore));
      expect(typeof inputs.createdNotBeforeUncertaintyMs).toBe("number");
      expect(Date.parse(theirs.createdAt)).toBeLessThan(bound);

      const recovered = await cancelAndRecover(p);
      expect(recovered.stderr).toBe("");
      expect(recovered.code).toBe(0);
      expect(recovered.stdout).toMatch(/^Strategy momentum: cleared \(no strategy of its content/m);
      expect(recovered.stdout).not.toContain(theirs.id);
      expect((await stateOf(p)).deployment.pending_operations ?? []).toEqual([]);

      await p.up();
      const ours = ((await stateOf(p)).deployment.resources ?? []).filter((r) =>
        r.type.endsWith(":Strategy"),
      );
      expect(ours).toHaveLength(1);
      expect(ours[0]!.id).not.toBe(theirs.id);
      expect(changeReport(await p.preview())).toEqual([]);
      await p.destroy();
      expect(await liveIds(user.client)).toEqual([theirs.id]);
    });
  },
);
