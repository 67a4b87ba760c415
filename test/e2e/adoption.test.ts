import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { type CommandResult, changeReport, PulumiProject } from "./harness";

function program(adopt: string | undefined): string {
  return `import * as sa from "pulumi-strategy-alerts";
const legacy = new sa.Strategy("legacy", {
  name: "young tokens",
  triggers: ["new_token_created"],
  rules: [
    { rule: "token_age", dealbreaker: true, max: 1440 },
    { rule: "liquidity_usd", dealbreaker: false, min: 2000 },
  ],
  ${adopt ? `adopt: ${JSON.stringify(adopt)},` : ""}
});
export const id = legacy.strategyId;
`;
}

const text = (r: CommandResult) => [r.stdout, r.stderr, ...r.diagnostics.map((d) => d.message)].join("\n");

describe.runIf(inject("pulumiBinDir"))("adopting an existing strategy into code", () => {
  let emulator: TestEmulator;
  let project: PulumiProject;
  let client: ApiClient;
  let legacyId: string;

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    const user = await emulator.user();
    client = user.client;
    // Made in the app before token_age moved from hours to minutes (service-api.md#versioning).
    await emulator.control("POST", "/clock", { now: "2026-02-01T12:00:00.000Z" });
    legacyId = (
      await client.strategies.create({
        name: "old strategy from the app",
        triggers: ["new_token_created"],
        rules: [{ rule: "token_age", dealbreaker: true, max: 24 }],
        isActive: false,
      })
    ).id;
    await emulator.control("POST", "/clock", { now: new Date().toISOString() });
    project = await PulumiProject.create({
      name: "adoption",
      program: program(legacyId),
      config: stackConfig(emulator, user.apiKey),
    });
  });

  afterAll(async () => {
    await project?.cleanup();
    await emulator?.close();
  });

  it("previews the adoption without knowing anything but the declared state", async () => {
    const preview = await project.preview();
    expect(preview.changes.create).toBe(3); // with the stack's account pin
  });

  it("takes over the existing strategy instead of creating one, and warns about an hours-era token_age", async () => {
    const up = await project.up();
    expect((await project.outputs()).id).toBe(legacyId);
    const { strategies } = await client.strategies.list();
    expect(strategies).toHaveLength(1);
    expect(strategies[0]).toMatchObject({ id: legacyId, name: "young tokens" });
    expect(text(up)).toMatch(/token_age was then in hours and is now evaluated in minutes/);
  });

  it("treats removing adopt afterwards as no change", async () => {
    await project.ensureApplied(program(legacyId));
    await project.writeProgram(program(undefined));
    expect(changeReport(await project.preview())).toEqual([]);
  });

  it("fails clearly when the strategy to adopt does not exist, creating nothing", async () => {
    const other = await PulumiProject.create({
      name: "adoption-missing",
      program: program("00000000-0000-4000-8000-000000000000").replace('"legacy"', '"ghost"'),
      config: { ...stackConfig(emulator, (await emulator.user()).apiKey) },
    });
    try {
      const up = await other.up({ allowFailure: true });
      expect(up.code).not.toBe(0);
      expect(up.diagnostics.map((d) => d.message).join("\n")).toContain(
        "adopt: no strategy 00000000-0000-4000-8000-000000000000 in this account",
      );
    } finally {
      await other.cleanup();
    }
  });

  it("destroy deletes the adopted strategy like any other of the stack", async () => {
    await project.ensureApplied(program(legacyId));
    await project.destroy();
    expect((await client.strategies.list()).strategies).toEqual([]);
  });
});
