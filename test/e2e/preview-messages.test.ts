import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { PulumiProject } from "./harness";
import { allText } from "./portfolio-program";

/**
 * What a TypeScript program's preview prints for inputs a user gets wrong: each message names
 * the field and what is wrong with it, and nothing of the package's own making (a runtime
 * warning) shows up in the program's output.
 */
const REPEATED_RULE = `import * as sa from "pulumi-strategy-alerts";
new sa.Strategy("twice", {
  name: "Twice liquidity",
  triggers: ["new_token_created"],
  rules: [
    { rule: "liquidity_usd", dealbreaker: false, min: 1000 },
    { rule: "has_website", dealbreaker: false, enabled: true },
    { rule: "liquidity_usd", dealbreaker: false, max: 90000 },
  ],
});
`;

// The engine stops at the first failed check: one mistake per program.
const NUMERIC_ADDRESS = `import * as sa from "pulumi-strategy-alerts";
new sa.FollowedDeveloper("numeric", { address: 12 as unknown as string });
`;

const FINE = `import * as sa from "pulumi-strategy-alerts";
new sa.Strategy("fine", {
  name: "Fine",
  triggers: ["new_token_created"],
  rules: [{ rule: "liquidity_usd", dealbreaker: false, min: 1000, max: 90000 }],
});
`;

describe.runIf(inject("pulumiBinDir"))("preview messages of a TypeScript program", () => {
  let emulator: TestEmulator;
  let project: PulumiProject;

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    const user = await emulator.user("DEGEN");
    project = await PulumiProject.create({
      name: "preview-messages",
      program: REPEATED_RULE,
      config: stackConfig(emulator, user.apiKey),
    });
  });
  afterAll(async () => {
    await project?.cleanup();
    await emulator?.close();
  });

  it("names both items of a repeated rule, and prints no SQLite warning", async () => {
    const preview = await project.preview({ allowFailure: true });
    expect(preview.code).not.toBe(0);
    const text = allText(preview);
    expect(text).toContain("rules[2] repeats rules[0] (liquidity_usd)");
    expect(text).not.toContain("ExperimentalWarning");
  });

  it("calls a number given as an address a wrong type, not a missing address", async () => {
    await project.writeProgram(NUMERIC_ADDRESS);
    const preview = await project.preview({ allowFailure: true });
    expect(preview.code).not.toBe(0);
    const text = allText(preview);
    expect(text).toMatch(/address must be a string[^\n]*got 12/);
    expect(text).not.toContain("address is required");
  });

  it("says a base URL with another path is a valid URL with the wrong path", async () => {
    await project.writeProgram(FINE);
    const wrongPath = emulator.baseUrl.replace("/api/external/v1", "/wrong");
    const preview = await project.preview({
      allowFailure: true,
      env: { STRATEGY_ALERTS_BASE_URL: wrongPath },
    });
    expect(preview.code).not.toBe(0);
    const text = allText(preview);
    expect(text).toContain("/api/external/v1");
    expect(text).not.toContain("not a valid URL");
    expect(text).not.toContain("ExperimentalWarning");
  });
});
