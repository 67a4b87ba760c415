/**
 * The YAML program of an account: adversarial names, aliases and descriptions read back as
 * exactly their text, `$` and what YAML would read otherwise escaped, and the plugin route.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Pulumi YAML interpolations are plain strings.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { declareAccount } from "../../../../cli/import/declarations";
import { yamlProjectFiles } from "../../../../cli/import/project-files";
import { renderYamlProgram, yamlText } from "../../../../cli/import/render-yaml";
import {
  ADDRESS,
  ALIAS,
  DESCRIPTION,
  declaredNames,
  declaredText,
  hostile,
  RAW,
  snapshot,
} from "./adversarial-account";
import { forHostileAccounts } from "./hostile-text";
import { richAccount } from "./sdk-account";

/** What Pulumi YAML makes of a string with no `${…}` in it: `$$` is a literal `$`. */
function pulumiYamlText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  expect(value.replaceAll("$$", "")).not.toContain("${");
  return value.replaceAll("$$", "$");
}

type YamlResource = { type: string; properties: Record<string, unknown> };

describe("a YAML program of adversarial account data", () => {
  it("reads back as exactly the account's text where a program may declare it, with no raw control or invisible character", () => {
    forHostileAccounts(hostile, 150, (names, alias, description) => {
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
    });
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

describe("the YAML program's plugin route", () => {
  it("npm: a plugins section naming the package's path, and a package.json that brings it", () => {
    const yaml = renderYamlProgram("p", declareAccount(richAccount()), "npm");
    expect(parse(yaml).plugins).toEqual({
      providers: [{ name: "strategy-alerts", path: "./node_modules/pulumi-strategy-alerts" }],
    });
    expect(Object.keys(yamlProjectFiles("p", yaml, { package: "^1.0.0" }, "npm")).sort()).toEqual([
      ".gitignore",
      "Pulumi.yaml",
      "package.json",
    ]);
  });

  it("installed: no plugins section (the engine uses the installed plugin) and Pulumi.yaml alone", () => {
    const yaml = renderYamlProgram("p", declareAccount(richAccount()), "installed");
    const doc = parse(yaml);
    expect(doc.plugins).toBeUndefined();
    expect(doc.runtime).toBe("yaml");
    expect(yaml).toContain("pulumi plugin install resource");
    expect(Object.keys(yamlProjectFiles("p", yaml, { package: "^1.0.0" }, "installed"))).toEqual([
      "Pulumi.yaml",
    ]);
  });
});
