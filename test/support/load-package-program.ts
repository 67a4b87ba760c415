/**
 * A program's view of the package, run in a fresh process by the test of what the package
 * prints on its own: `load` requires the main entry and the runtime; `construct` also declares
 * one resource of every kind under the SDK's mocks, which serialises each kind's provider shell
 * as `pulumi up` does.
 */
import * as pulumi from "@pulumi/pulumi";

async function main(mode: string): Promise<void> {
  const sa = await import("../../provider");
  await import("../../provider/runtime");
  if (mode !== "construct") return;
  const registered: string[] = [];
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(`${args.type}:${typeof args.inputs.__provider}`);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
  const resources = [
    new sa.FollowedDeveloper("dev", { address: "0xabc" }),
    new sa.DeveloperTags("tags", { address: "0xabc", tagIds: [] }),
    new sa.Webhook("hook", { url: null, enabled: false }),
    new sa.Strategy("s", {
      name: "s",
      triggers: ["new_token_created"],
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
    }),
    new sa.StrategyActivation("active", { strategyIds: [] }),
  ];
  await Promise.all(resources.map((r) => new Promise((resolve) => r.id.apply(resolve))));
  process.stdout.write(`${registered.sort().join("\n")}\n`);
}

void main(process.argv[2] ?? "load");
