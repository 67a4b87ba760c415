import { beforeAll, describe, expect, inject, it } from "vitest";
import { yamlHeader } from "../support/yaml-program";
import { type EmulatorUser, emulatorFile } from "./file-fixture";
import type { PulumiProject } from "./harness";
import { allText } from "./portfolio-program";
import { writeYamlProgram } from "./yaml-portfolio-fixture";

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
  const file = emulatorFile();
  let project: PulumiProject;

  beforeAll(async () => {
    const user = await file.emulator.user("DEGEN");
    project = await file.project(user, { name: "preview-messages", program: REPEATED_RULE });
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
    const wrongPath = file.emulator.baseUrl.replace("/api/external/v1", "/wrong");
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

/**
 * A strategy whose trigger config names a developer the account does not follow, or a developer
 * tag it does not have: the service refuses it, so the preview does, through both doors, naming
 * the field and before any write. A developer the same stack follows, passed as the follow's
 * `address` output, passes even though the preview has not followed it yet.
 */
const UNFOLLOWED = "RefE2e2222222222222222222222222222222222";
const MISSING_TAG = "00000000-0000-4000-8000-000000000000";
const ADDRESS_FIELD = "triggerConfigs.followed_dev_new_token_created.developerAddress";
const TAG_FIELD = "triggerConfigs.followed_dev_new_token_created.tagId";

const tsFollowing = (config: string, follow = "") => `import * as sa from "pulumi-strategy-alerts";
${follow}new sa.Strategy("launches", {
  name: "Launches",
  triggers: ["followed_dev_new_token_created"],
  triggerConfigs: { followed_dev_new_token_created: ${config} },
  rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
});
`;

const yamlFollowing = (config: string[], follow: string[] = []) =>
  yamlHeader("trigger-references") +
  [
    "resources:",
    ...follow,
    "  launches:",
    "    type: strategy-alerts:index:Strategy",
    "    properties:",
    "      name: Launches",
    "      triggers: [followed_dev_new_token_created]",
    "      triggerConfigs:",
    "        followed_dev_new_token_created:",
    ...config.map((line) => `          ${line}`),
    "      rules:",
    "        - { rule: is_honeypot, dealbreaker: true, enabled: true }",
    "",
  ].join("\n");

describe.runIf(inject("pulumiBinDir"))("trigger configs that name what the account does not have", () => {
  const file = emulatorFile();

  type Door = {
    project: PulumiProject;
    user: EmulatorUser;
    write: (program: string) => Promise<void>;
  };

  /** Preview and up both fail naming `field`, and the account holds no strategy and no developer. */
  async function refusedBeforeAnyWrite(door: Door, field: string, words: string): Promise<void> {
    for (const command of ["preview", "up"] as const) {
      const res =
        command === "preview"
          ? await door.project.preview({ allowFailure: true })
          : await door.project.up({ allowFailure: true });
      const text = allText(res);
      expect(res.code, text).not.toBe(0);
      expect(text).toContain(`${field}: `);
      expect(text).toContain(words);
    }
    expect((await door.user.client.strategies.list()).strategies).toEqual([]);
    expect((await door.user.client.devs.list()).developers ?? []).toEqual([]);
    const writes = (await file.emulator.journal(door.user.userId)).filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);
  }

  describe("a TypeScript program", () => {
    let door: Door;
    beforeAll(async () => {
      const user = await file.emulator.user("PRO");
      const project = await file.project(user, {
        name: "trigger-references",
        program: tsFollowing(`{ scope: "wallet", developerAddress: "${UNFOLLOWED}" }`),
      });
      door = { project, user, write: (program) => project.writeProgram(program) };
    });

    it("refuses a developer address the account does not follow and the stack does not declare", async () => {
      await refusedBeforeAnyWrite(door, ADDRESS_FIELD, "no FollowedDeveloper of this stack declares it");
    });

    it("refuses a developer tag id that is not one of the account's developer tags", async () => {
      await door.write(tsFollowing(`{ scope: "tag", tagId: "${MISSING_TAG}" }`));
      await refusedBeforeAnyWrite(door, TAG_FIELD, `unknown developer tag id "${MISSING_TAG}"`);
    });

    it("passes the address output of a FollowedDeveloper the same stack declares, and up follows it first", async () => {
      await door.write(
        tsFollowing(
          `{ scope: "wallet", developerAddress: dev.address }`,
          `const dev = new sa.FollowedDeveloper("dev", { address: "${UNFOLLOWED}" });\n`,
        ),
      );
      const preview = await door.project.preview({ allowFailure: true });
      expect(preview.code, allText(preview)).toBe(0);
      await door.project.up();
      const [strategy] = (await door.user.client.strategies.list()).strategies;
      expect(strategy?.triggerConfigs).toMatchObject({
        followed_dev_new_token_created: { developerAddress: UNFOLLOWED },
      });
      await door.project.destroy();
    });
  });

  describe("a YAML program of the plugin", () => {
    let door: Door;
    beforeAll(async () => {
      const user = await file.emulator.user("PRO");
      const project = await file.yaml(user, {
        program: yamlFollowing(["scope: wallet", `developerAddress: ${UNFOLLOWED}`]),
      });
      door = { project, user, write: (program) => writeYamlProgram(project, program) };
    });

    it("refuses a developer address the account does not follow and the stack does not declare", async () => {
      await refusedBeforeAnyWrite(door, ADDRESS_FIELD, "no FollowedDeveloper of this stack declares it");
    });

    it("refuses a developer tag id that is not one of the account's developer tags", async () => {
      await door.write(yamlFollowing(["scope: tag", `tagId: "${MISSING_TAG}"`]));
      await refusedBeforeAnyWrite(door, TAG_FIELD, `unknown developer tag id "${MISSING_TAG}"`);
    });

    it("passes the address output of a FollowedDeveloper the same stack declares", async () => {
      await door.write(
        yamlFollowing(
          // biome-ignore lint/suspicious/noTemplateCurlyInString: YAML's interpolation, as written.
          ["scope: wallet", "developerAddress: ${dev.address}"],
          [
            "  dev:",
            "    type: strategy-alerts:index:FollowedDeveloper",
            "    properties:",
            `      address: ${UNFOLLOWED}`,
          ],
        ),
      );
      const preview = await door.project.preview({ allowFailure: true });
      expect(preview.code, allText(preview)).toBe(0);
    });
  });
});
