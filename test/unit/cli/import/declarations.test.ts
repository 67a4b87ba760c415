/**
 * What import declares for an account: a webhook URL that carries credentials is never written,
 * but read from a secret stack config value, in every program.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Pulumi YAML interpolations are plain strings.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { declareAccount, WEBHOOK_URL_KEY } from "../../../../cli/import/declarations";
import { renderProgram } from "../../../../cli/import/render-program";
import { renderYamlProgram } from "../../../../cli/import/render-yaml";
import { runProgram } from "../../../support/import-account";
import { snapshot } from "./adversarial-account";

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
