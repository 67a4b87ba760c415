/** The `pulumi import --file` document names every resource by the id its plugin reads. */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { declareAccount } from "../../../../cli/import/declarations";
import { pulumiImportFile } from "../../../../cli/import/pulumi-import-file";
import { renderYamlProgram } from "../../../../cli/import/render-yaml";
import { ACTIVATION_IMPORT_ID } from "../../../../provider/runtime/strategy-activation";
import { WEBHOOK_ID } from "../../../../provider/runtime/webhook";
import { ADDRESS, snapshot } from "./adversarial-account";

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
