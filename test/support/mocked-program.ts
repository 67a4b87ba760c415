/**
 * What the programs run in their own process by test/integration/resources/*.test.ts share:
 * the SDK's mocks, and one resource of every kind of the package.
 */
import * as pulumi from "@pulumi/pulumi";

type Package = typeof import("../../provider");

/** Every resource gets `<name>-id` and its inputs as its state; `seen` is told of each. */
export function mockEngine(seen: (args: pulumi.runtime.MockResourceArgs) => void = () => {}): Promise<void> {
  return pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        seen(args);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
}

/** One Strategy, as the programs declare it. */
export function declareStrategy(sa: Package): InstanceType<Package["Strategy"]> {
  return new sa.Strategy("s", {
    name: "s",
    triggers: ["new_token_created"],
    rules: [{ rule: "is_honeypot", dealbreaker: true }],
  });
}

/** One resource of every kind, resolved once the mocked engine has registered them all. */
export async function declareEveryKind(sa: Package): Promise<void> {
  const resources = [
    new sa.FollowedDeveloper("dev", { address: "0xabc" }),
    new sa.DeveloperTags("tags", { address: "0xabc", tagIds: [] }),
    new sa.Webhook("hook", { url: null, enabled: false }),
    declareStrategy(sa),
    new sa.StrategyActivation("active", { strategyIds: [] }),
  ];
  await Promise.all(resources.map((r) => new Promise((resolve) => r.id.apply(resolve))));
}
