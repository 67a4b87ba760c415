import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { TestEmulator } from "./emulator-fixture";
import { emulatorFile } from "./file-fixture";
import { type CommandResult, changeReport } from "./harness";
import { strategiesOnly as strategies } from "./portfolio-program";

const DEV = "0x52908400098527886e0f7030069857d2e4169ee7";

describe.runIf(inject("pulumiBinDir"))("robustness and request economy under the real engine", () => {
  const file = emulatorFile();
  let emulator: TestEmulator;
  beforeAll(() => {
    emulator = file.emulator;
  });
  afterEach(async () => {
    await emulator.control("DELETE", "/faults");
  });

  const project = (name: string, program: string, apiKey: string) =>
    file.project({ apiKey }, { name, program });

  it("leaves no duplicate when a create's answer is lost after the service committed it", async () => {
    const user = await emulator.user();
    const p = await project("lost-answer", strategies(2), user.apiKey);
    await emulator.control("POST", "/faults", {
      method: "POST",
      path: "/strategies",
      drop: "after-commit",
      count: 1,
    });
    await emulator.control("POST", "/faults", {
      method: "POST",
      path: "/devs/:address/add",
      drop: "after-commit",
      count: 1,
    });
    await p.writeProgram(
      `${strategies(2)}\nnew sa.FollowedDeveloper("dev", { address: "${DEV}", alias: "lost answer" });\n`,
    );
    await p.up();
    const { strategies: live } = await user.client.strategies.list();
    expect(live.map((s) => s.name).sort()).toEqual(["s strategy 0", "s strategy 1"]);
    expect((await user.client.devs.list()).developers.filter((d) => d.address === DEV)).toHaveLength(1);
    // And the next up converges without creating anything.
    const again = await p.up();
    expect(again.changes.create ?? 0).toBe(0);
    expect((await user.client.strategies.list()).strategies).toHaveLength(2);
    await p.destroy();
  });

  it("does not fail the run on 429s and 5xx while retries remain", async () => {
    const user = await emulator.user();
    const p = await project("flaky", strategies(2), user.apiKey);
    await emulator.control("POST", "/faults", { method: "GET", status: 503, count: 2 });
    await emulator.control("POST", "/faults", {
      method: "POST",
      path: "/strategies",
      status: 429,
      retryAfterSeconds: 1,
      count: 2,
    });
    const up = await p.up();
    expect(up.changes.create).toBe(4); // with the stack's account pin
    expect((await user.client.strategies.list()).strategies).toHaveLength(2);
    await p.destroy();
  });

  it("keeps requests bounded: N creates plus a few reads, a no-change preview writes nothing, refresh reads the account and the list once", async () => {
    const user = await emulator.user("PRO", { requestsPerMinute: 10_000, total: 100 });
    const n = 6;
    const p = await project("economy", strategies(n), user.apiKey);
    await emulator.clearJournal();
    await p.up();
    const up = (await emulator.journal(user.userId)).map((r) => `${r.method} ${r.route}`);
    expect(up.filter((r) => r === "POST /strategies")).toHaveLength(n);
    // With a total limit, the plan and the list are read once for the whole run, not per resource.
    expect(up.filter((r) => r === "GET /me")).toHaveLength(1);
    expect(up.filter((r) => r === "GET /strategies")).toHaveLength(1);
    expect(up.filter((r) => r !== "POST /strategies").length).toBeLessThanOrEqual(3);

    await emulator.clearJournal();
    expect(changeReport(await p.preview())).toEqual([]);
    const preview = (await emulator.journal(user.userId)).map((r) => `${r.method} ${r.route}`);
    expect(preview.filter((r) => !r.startsWith("GET "))).toEqual([]);
    expect(preview.filter((r) => r === "GET /me").length).toBeLessThanOrEqual(1);

    await emulator.clearJournal();
    await p.refresh();
    const refresh = (await emulator.journal(user.userId)).map((r) => `${r.method} ${r.route}`);
    // The key's account (every resource is checked against the account it records), then the list.
    expect(refresh.sort()).toEqual(["GET /me", "GET /strategies"]);
    await p.destroy();
  });

  it("fails the preview naming plan, limit and counts when creates would exceed the plan's total", async () => {
    const user = await emulator.user("PRO", { requestsPerMinute: 10_000, total: 3 });
    await user.client.strategies.create({
      name: "made in the app",
      triggers: ["token_graduated"],
      rules: [{ rule: "has_website", dealbreaker: false }],
      isActive: false,
    });
    const p = await project("total", strategies(3), user.apiKey);
    const preview = await p.preview({ allowFailure: true });
    expect(preview.code).not.toBe(0);
    const message = preview.diagnostics
      .filter((d) => d.severity === "error")
      .map((d) => d.message)
      .join("\n");
    expect(message).toContain(
      "would exceed the PRO plan's total of 3 strategies: the account has 1 and this update creates 3",
    );
    expect((await user.client.strategies.list()).strategies).toHaveLength(1);

    // Exactly at the total, a previewing up (preview, then update) passes: nothing is counted twice.
    await p.writeProgram(strategies(2));
    const up = await p.up({ withPreview: true });
    expect(up.changes.create).toBe(4); // with the stack's account pin
    expect((await user.client.strategies.list()).strategies).toHaveLength(3);
  });

  it("names the resource, the request and the service's message in errors, and never the API key", async () => {
    const user = await emulator.user();
    const p = await project("errors", strategies(1), user.apiKey);
    await p.up();
    const outputs: CommandResult[] = [];
    // The service refuses an update the preview could not foresee (a 400 of its own).
    const [created] = (await user.client.strategies.list()).strategies;
    await emulator.control("POST", "/faults", {
      method: "PATCH",
      path: `/strategies/${created!.id}`,
      status: 400,
      count: 1,
    });
    await p.writeProgram(strategies(1).replace("min: 1000", "min: 2000"));
    const failed = await p.up({ allowFailure: true });
    outputs.push(failed);
    expect(failed.code).not.toBe(0);
    const error = failed.diagnostics
      .filter((d) => d.severity === "error")
      .map((d) => d.message)
      .join("\n");
    expect(error).toContain('Strategy "s strategy 0": update failed');
    expect(error).toContain("PATCH /strategies/:id failed with 400");
    expect(error).toContain("Injected fault: HTTP 400");

    // A key the service rejects: the message says what to do, and still does not print it.
    outputs.push(
      await p.refresh({
        allowFailure: true,
        env: { STRATEGY_ALERTS_API_KEY: "sa_live_00000000000000000000000000000000" },
      }),
    );
    const unauthorized = outputs[1]!.diagnostics.map((d) => d.message).join("\n");
    expect(unauthorized).toContain("401");
    expect(unauthorized).toContain("STRATEGY_ALERTS_API_KEY");

    outputs.push(await p.preview({ allowFailure: true }));
    const everything = outputs.map(allText).join("\n") + (await p.exportState()) + (await p.backendFiles());
    expect(everything).not.toContain(user.apiKey);
    expect(everything).not.toContain("sa_live_00000000000000000000000000000000");
  });
});

function allText(result: CommandResult): string {
  return [result.stdout, result.stderr, ...result.diagnostics.map((d) => d.message)].join("\n");
}
