/**
 * What the engine prints and stores of hostile input, through the real CLI against the
 * emulator, for both front doors (a TypeScript program of dynamic resources, a YAML program of
 * the plugin): a webhook url's query token is nowhere in the state, and a refused value (an
 * alias with a screen-clearing escape, a webhook url or a base URL with a password) is never
 * echoed: the whole output of `pulumi preview` and `pulumi up`, as a terminal or CI log gets it,
 * holds no raw escape byte and no password, and still names the field.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { yamlHeader } from "../support/yaml-program";
import { type EmulatorFile, emulatorFile } from "./file-fixture";
import type { PulumiProject } from "./harness";
import { writeYamlProgram } from "./yaml-portfolio-fixture";

const PASSWORD = "pa55wordHOSTILE";
const ADDRESS = "DevAddr1111111111111111111111111111111111111";
/** A loopback port nothing answers: the handshake fails, `requireVerified: false` lets it be. */
const tokenUrl = (token: string) => `http://127.0.0.1:9/alerts?token=${token}`;

/** The whole output of a command run as a person runs it: no JSON, no colour. */
async function printed(p: PulumiProject, command: "preview" | "up"): Promise<{ code: number; text: string }> {
  const args = command === "preview" ? ["preview"] : ["up", "--yes"];
  const res = await p.run([...args, "--non-interactive", "--color", "never", "--stack", p.stack], {
    allowFailure: true,
  });
  return { code: res.code, text: `${res.stdout}\n${res.stderr}` };
}

/** Preview and up both fail, print `expected`, and hold neither the escape byte nor `secret`. */
async function refusedQuietly(p: PulumiProject, expected: string, secret = PASSWORD): Promise<void> {
  for (const command of ["preview", "up"] as const) {
    const { code, text } = await printed(p, command);
    expect(code, text).not.toBe(0);
    expect(text).toContain(expected);
    expect(text).not.toContain("\u001b");
    expect(text).not.toContain(secret);
  }
}

/**
 * The webhook's url is stored encrypted, as input and output, and its token is in neither the
 * exported state nor any file of the backend (history, backups).
 */
async function urlKeptSecret(p: PulumiProject, token: string): Promise<void> {
  const state = await p.exportState();
  const resources = (JSON.parse(state) as { deployment: { resources?: StateResource[] } }).deployment
    .resources;
  const hook = resources?.find((r) => r.urn.endsWith("::hook"));
  expect(JSON.stringify(hook?.inputs?.url)).toContain("ciphertext");
  expect(JSON.stringify(hook?.outputs?.url)).toContain("ciphertext");
  expect(state).not.toContain(token);
  expect(await p.backendFiles()).not.toContain(token);
}

type StateResource = { urn: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };

const tsWebhook = (url: string) => `import * as sa from "pulumi-strategy-alerts";
new sa.Webhook("hook", { url: ${JSON.stringify(url)}, enabled: true, requireVerified: false });
`;

const TS_ESCAPE_ALIAS = `import * as sa from "pulumi-strategy-alerts";
new sa.FollowedDeveloper("dev", { address: ${JSON.stringify(ADDRESS)}, alias: "a\\u001b[2Jb" });
`;

function yamlProgram(resource: string[]): string {
  return yamlHeader("hostile-input") + ["resources:", ...resource, ""].join("\n");
}

const yamlWebhook = (url: string) =>
  yamlProgram([
    "  hook:",
    "    type: strategy-alerts:index:Webhook",
    "    properties:",
    `      url: ${JSON.stringify(url)}`,
    "      enabled: true",
    "      requireVerified: false",
  ]);

const YAML_ESCAPE_ALIAS = yamlProgram([
  "  dev:",
  "    type: strategy-alerts:index:FollowedDeveloper",
  "    properties:",
  `      address: ${ADDRESS}`,
  // YAML's own escape of ESC.
  '      alias: "a\\e[2Jb"',
]);

/** A front door: how a stack of it is made and its program rewritten, and its programs. */
interface Door {
  name: string;
  /** The token in the webhook url the stack starts with. */
  token: string;
  webhook: (url: string) => string;
  escapeAlias: string;
  /** How the door checks the provider's config (said in the test's name). */
  configCheck: string;
  create: (file: EmulatorFile, apiKey: string, program: string) => Promise<PulumiProject>;
  write: (p: PulumiProject, program: string) => Promise<void>;
}

const DOORS: Door[] = [
  {
    name: "a TypeScript program",
    token: "TsQueryTOKEN1",
    webhook: tsWebhook,
    escapeAlias: TS_ESCAPE_ALIAS,
    configCheck: "",
    create: (file, apiKey, program) => file.project({ apiKey }, { name: "hostile-input", program }),
    write: (p, program) => p.writeProgram(program),
  },
  {
    name: "a YAML program of the plugin",
    token: "YamlQueryTOKEN2",
    webhook: yamlWebhook,
    escapeAlias: YAML_ESCAPE_ALIAS,
    configCheck: " in plain config (CheckConfig)",
    create: (file, apiKey, program) => file.yaml({ apiKey }, { program }),
    write: writeYamlProgram,
  },
];

describe.runIf(inject("pulumiBinDir"))("hostile input through the engine", () => {
  const file = emulatorFile();

  describe.each(DOORS)("$name", (door) => {
    let p: PulumiProject;
    beforeAll(async () => {
      const user = await file.emulator.user("PRO");
      p = await door.create(file, user.apiKey, door.webhook(tokenUrl(door.token)));
    });

    it("stores a webhook url with a query token as a secret: the token is nowhere in the state", async () => {
      const up = await printed(p, "up");
      expect(up.code, up.text).toBe(0);
      expect(up.text).not.toContain(door.token);
      await urlKeptSecret(p, door.token);
    });

    it("refuses at preview a webhook url with a password, printing neither it nor the url", async () => {
      await door.write(p, door.webhook(`https://user:${PASSWORD}@hooks.example.com/in`));
      await refusedQuietly(p, "url must not contain credentials");
    });

    it("refuses an alias with an escape sequence without the engine echoing it", async () => {
      await door.write(p, door.escapeAlias);
      await refusedQuietly(p, "alias contains the control character \\u001b at position 2");
    });

    it(`refuses a base URL with a password${door.configCheck} without printing it`, async () => {
      const { baseUrl } = file.emulator;
      await door.write(p, door.webhook(tokenUrl(door.token)));
      await p.setConfig("strategy-alerts:baseUrl", baseUrl.replace("http://", `http://user:${PASSWORD}@`));
      await refusedQuietly(p, "must not carry a user name or password");
      await p.setConfig("strategy-alerts:baseUrl", baseUrl);
    });
  });
});
