import { describe, expect, it } from "vitest";
import { servedSchema } from "../../../provider/plugin/identity-answers";
import { pluginSchema } from "../../../provider/plugin/package-schema";
import { packageVersion } from "../../../provider/plugin/package-version";
import { NOT_SERVED_AT_START } from "../../../provider/plugin/serve";
import { StrategyAlertsProvider } from "../../../provider/plugin/server";

// The plugin answers the engine's first calls without its provider module (serve.ts): those
// answers must be the ones the provider module would give.
describe("the plugin's answers before its provider module loads", () => {
  it("serve the schema the model generates, naming this plugin's version", async () => {
    const { name, ...rest } = pluginSchema();
    const served = JSON.parse(await servedSchema());
    // As JSON, as the provider module would answer it.
    expect(served).toEqual(JSON.parse(JSON.stringify({ ...rest, name, version: packageVersion() })));
    // The name and version lead, as the engine and `pulumi package get-schema` print them.
    expect(Object.keys(served).slice(0, 2)).toEqual(["name", "version"]);
  });

  it("answer UNIMPLEMENTED only for methods the provider module does not serve", () => {
    const served = Object.keys(new StrategyAlertsProvider().service());
    expect(served.length).toBeGreaterThan(0);
    for (const method of NOT_SERVED_AT_START) expect(served).not.toContain(method);
  });
});
