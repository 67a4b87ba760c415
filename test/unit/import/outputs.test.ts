/**
 * What import writes from account data that tries to break out: adversarial names, aliases and
 * descriptions stay exactly the text they are in the YAML program, the TypeScript program and on
 * the terminal; a webhook URL with credentials is never written; the `pulumi import --file`
 * document names every resource by the id its plugin reads.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Pulumi YAML interpolations are plain strings.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { declareAccount, WEBHOOK_URL_KEY } from "../../../cli/import/declarations";
import { pulumiImportFile } from "../../../cli/import/pulumi-import-file";
import type { AccountSnapshot } from "../../../cli/import/read-account";
import { renderProgram } from "../../../cli/import/render-program";
import { renderYamlProgram, yamlText } from "../../../cli/import/render-yaml";
import { type PlainTextField, plainTextIssue, plainTextOf } from "../../../provider/model/plain-text";
import { ACTIVATION_IMPORT_ID } from "../../../provider/runtime/strategy-activation";
import { WEBHOOK_ID } from "../../../provider/runtime/webhook";
import { accountSnapshot, listedStrategy, runProgram } from "../../support/import-account";

/** Text that ends lines, quotes, comments, interpolates, aliases, tags or rewrites a terminal. */
const HOSTILE = [
  "line\nbreak",
  "carriage\rreturn",
  "sep\u2028arator\u2029",
  "nel\u0085",
  'quote " and \\ backslash',
  "it's",
  "${dev.address}",
  "$${literal}",
  "$",
  "*/ closes /* a comment",
  "// comment",
  "# comment",
  "key: value",
  "- item",
  "&anchor *alias !!tag",
  "---",
  "...",
  "\u001b[2K\u001b[1Aforged summary",
  "bell\u0007 del\u007f c1\u009b",
  "zero\u200bwidth",
  "bidi\u202eevil\u2066",
  "bom\ufeff",
  "tab\there",
  "null",
  "true",
  "0x1F",
  "日本語 🚀",
];

const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.array(fc.constantFrom(...HOSTILE), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(" ")),
  fc.string({ unit: "binary", minLength: 1, maxLength: 12 }),
);

/** What must never be written raw: controls other than a line feed, line separators, invisibles. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching controls is the point.
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e]/;

const ADDRESS = "DevAddr1111111111111111111111111111111111111";

function snapshot(names: string[], alias: string, description: string, webhookUrl: string): AccountSnapshot {
  return accountSnapshot({
    strategies: names.map((name, i) =>
      listedStrategy(strategyId(i), name, {
        description: i === 0 && description !== "" ? description : null,
        triggers: [{ id: "t", eventType: "followed_dev_new_token_created", enabled: true }],
        isActive: i % 2 === 0,
        triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: ADDRESS } },
      }),
    ),
    developers: [
      { address: ADDRESS, alias, isActive: true, tagIds: ["0000aaaa-0000-4000-8000-000000000001"] },
    ],
    developerTags: [{ id: "0000aaaa-0000-4000-8000-000000000001", name: alias }],
    webhook: { enabled: true, url: webhookUrl, hasSecret: true, verifiedAt: "2026-11-01T00:00:00.000Z" },
  });
}

const NAME: PlainTextField = { path: "name", allowLineBreaks: false };
const DESCRIPTION: PlainTextField = { path: "description", allowLineBreaks: true };
const ALIAS: PlainTextField = { path: "alias", allowLineBreaks: false };

/**
 * What import declares for account text: the text itself where the plain-text rule allows it,
 * else its plain text, else the stand-in (a program may not declare what its preview refuses).
 */
function declaredText(text: string, field: PlainTextField, standIn: string | null | undefined) {
  if (plainTextIssue(text, field) === undefined) return text;
  return plainTextOf(text, field) ?? standIn;
}
const strategyId = (i: number) => `${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`;
const declaredNames = (names: string[]) =>
  names.map((name, i) => declaredText(name, NAME, `Strategy ${strategyId(i)}`));

/** What Pulumi YAML makes of a string with no `${…}` in it: `$$` is a literal `$`. */
function pulumiYamlText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  expect(value.replaceAll("$$", "")).not.toContain("${");
  return value.replaceAll("$$", "$");
}

type YamlResource = { type: string; properties: Record<string, unknown> };

describe("a YAML program of adversarial account data", () => {
  it("reads back as exactly the account's text where a program may declare it, with no raw control or invisible character", () => {
    fc.assert(
      fc.property(
        fc.array(hostile, { minLength: 1, maxLength: 4 }),
        hostile,
        hostile,
        (names, alias, description) => {
          const snap = snapshot(names, alias, description, "https://a.example/in");
          const text = renderYamlProgram("portfolio", declareAccount(snap));
          // Only line feeds end lines; nothing else a terminal or editor acts on.
          expect(text).not.toMatch(RAW);
          const doc = parse(text) as { resources: Record<string, YamlResource> };
          const byType = (t: string) =>
            Object.values(doc.resources).filter((r) => r.type === `strategy-alerts:index:${t}`);
          // In account order (a JS object lists integer-like keys such as "1" first).
          const strategies = byType("Strategy").sort((a, b) =>
            String(a.properties.adopt).localeCompare(String(b.properties.adopt)),
          );
          expect(strategies.map((s) => pulumiYamlText(s.properties.name))).toEqual(declaredNames(names));
          expect(pulumiYamlText(strategies[0]!.properties.description)).toBe(
            description === "" ? undefined : declaredText(description, DESCRIPTION, null),
          );
          const [dev] = byType("FollowedDeveloper");
          expect(pulumiYamlText(dev!.properties.alias)).toBe(declaredText(alias, ALIAS, undefined));
          expect(dev!.properties.address).toBe(ADDRESS);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("is a Pulumi YAML project of the plugin: types, plugin path, references, outputs", () => {
    const snap = snapshot(["Alpha", "Beta"], "Alice", "", "https://a.example/in");
    const doc = parse(renderYamlProgram("my-portfolio", declareAccount(snap)));
    expect(doc.runtime).toBe("yaml");
    expect(doc.name).toBe("my-portfolio");
    expect(doc.plugins).toEqual({
      providers: [{ name: "strategy-alerts", path: "./node_modules/pulumi-strategy-alerts" }],
    });
    expect(doc.resources["dev-alice"]).toEqual({
      type: "strategy-alerts:index:FollowedDeveloper",
      properties: { address: ADDRESS, alias: "Alice", adopt: true },
    });
    expect(doc.resources["dev-alice-tags"]).toEqual({
      type: "strategy-alerts:index:DeveloperTags",
      properties: {
        address: "${dev-alice.address}",
        tagIds: ["0000aaaa-0000-4000-8000-000000000001"],
        adopt: true,
      },
    });
    expect(doc.resources.alpha.properties).toEqual({
      adopt: snap.strategies[0]!.id,
      name: "Alpha",
      triggers: ["followed_dev_new_token_created"],
      triggerConfigs: {
        followed_dev_new_token_created: { scope: "wallet", developerAddress: "${dev-alice.address}" },
      },
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
    });
    expect(doc.resources.webhook).toEqual({
      type: "strategy-alerts:index:Webhook",
      properties: { url: "https://a.example/in", enabled: true, adopt: true },
    });
    expect(doc.resources["active-strategies"].properties).toEqual({ strategyIds: ["${alpha.strategyId}"] });
    expect(doc.outputs).toEqual({ activeStrategyIds: "${active-strategies.activeStrategyIds}" });
    expect(doc.config).toBeUndefined();
  });

  it("doubles every `$` of account text and escapes what YAML would read otherwise", () => {
    expect(parse(yamlText("${x} $$ $"))).toBe("$${x} $$$$ $$");
    expect(yamlText("a\u2028b\u202e")).toBe('"a\\u2028b\\u202e"');
  });
});

describe("a webhook URL that carries credentials", () => {
  const url = "https://hooks.example.com/services/T000/B000/XXXXSECRETXXXX";
  const declarations = declareAccount(snapshot(["Alpha"], "Alice", "", url));

  it("is read from a secret stack config value, never written", async () => {
    expect(declarations.secrets.map((s) => s.key)).toEqual([WEBHOOK_URL_KEY]);
    const { source } = renderProgram(declarations);
    expect(source).not.toContain("XXXXSECRETXXXX");
    expect(source).toContain('url: config.requireSecret("webhookUrl"),');
    expect(source).toContain('import * as pulumi from "@pulumi/pulumi";');
    const { declared } = await runProgram(source, {
      developer:
        declarations === undefined ? [] : [{ id: "0000aaaa-0000-4000-8000-000000000001", name: "Alice" }],
      microblog: [],
    });
    expect(declared.find((d) => d.type === "Webhook")!.args.url).toEqual({ secretConfig: WEBHOOK_URL_KEY });

    const yaml = renderYamlProgram("p", declarations);
    expect(yaml).not.toContain("XXXXSECRETXXXX");
    const doc = parse(yaml);
    expect(doc.config).toEqual({ webhookUrl: { type: "string", secret: true } });
    expect(doc.resources.webhook.properties.url).toBe("${webhookUrl}");
  });

  it("a url that does not parse (a mistyped secret?) is kept out of the code too", () => {
    const odd = declareAccount(snapshot(["Alpha"], "Alice", "", "hooks.example.com/T000/secret"));
    expect(odd.secrets.map((s) => s.key)).toEqual([WEBHOOK_URL_KEY]);
    expect(renderProgram(odd).source).not.toContain("T000");
  });

  it("a plain URL is written as it is, with no config", () => {
    const plain = declareAccount(snapshot(["Alpha"], "Alice", "", "https://a.example/in"));
    expect(plain.secrets).toEqual([]);
    expect(renderProgram(plain).source).not.toContain("@pulumi/pulumi");
  });
});

describe("the TypeScript program of adversarial account data", () => {
  it("holds the exact text, where a program may declare it, in escaped string literals", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 3 }), hostile, async (names, alias) => {
        const { source } = renderProgram(declareAccount(snapshot(names, alias, "", "https://a.example/in")));
        expect(source).not.toMatch(RAW);
        const { declared } = await runProgram(source, {
          developer: [{ id: "x", name: alias }],
          microblog: [],
        });
        expect(declared.filter((d) => d.type === "Strategy").map((d) => d.args.name)).toEqual(
          declaredNames(names),
        );
        expect(declared.find((d) => d.type === "FollowedDeveloper")!.args.alias).toBe(
          declaredText(alias, ALIAS, undefined),
        );
      }),
      { numRuns: 100 },
    );
  });
});

describe("the pulumi import --file document", () => {
  it("names every resource by the plugin's type, the program's name and the id its read takes", () => {
    const snap = snapshot(["Alpha", "Alpha"], "Alice", "", "https://a.example/in");
    const declarations = declareAccount(snap);
    const file = pulumiImportFile(declarations);
    const [a, b] = snap.strategies.map((s) => s.id);
    expect(file).toEqual({
      resources: [
        { type: "strategy-alerts:index:FollowedDeveloper", name: "dev-alice", id: ADDRESS },
        { type: "strategy-alerts:index:DeveloperTags", name: "dev-alice-tags", id: ADDRESS },
        { type: "strategy-alerts:index:Webhook", name: "webhook", id: WEBHOOK_ID },
        { type: "strategy-alerts:index:Strategy", name: `alpha-${a!.slice(0, 8)}`, id: a },
        { type: "strategy-alerts:index:Strategy", name: `alpha-${b!.slice(0, 8)}`, id: b },
        {
          type: "strategy-alerts:index:StrategyActivation",
          name: "active-strategies",
          id: ACTIVATION_IMPORT_ID,
        },
      ],
    });
    // The same names as the programs, so a program written later matches the imported state.
    expect(Object.keys(parse(renderYamlProgram("p", declarations)).resources)).toEqual(
      file.resources.map((r) => r.name),
    );
  });
});
