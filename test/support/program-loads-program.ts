/**
 * A program declaring one resource of every kind under the SDK's mocks, in a fresh process.
 * Prints, as JSON, the package's and its dependencies' modules loaded by then; then calls what
 * loads on first use (the validator, the client, the review) and says whether each worked.
 */
import * as pulumi from "@pulumi/pulumi";

const loaded = () =>
  Object.keys(require.cache)
    .filter((file) => !file.includes("@pulumi") && !file.includes("ts-node") && !file.includes("typescript"))
    .map((file) => file.replace(/.*node_modules\//, "node_modules/").replace(/.*\/provider\//, "provider/"));

async function main(): Promise<void> {
  const sa = await import("../../provider");
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs },
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
  const declaring = loaded();
  const validation = sa.validateStrategyInput({ name: "", triggers: [], rules: [] }, "create");
  const client = new sa.ApiClient({ apiKey: "k", baseUrl: "http://127.0.0.1:9/api/external/v1" });
  await client.close();
  let reviewError = "";
  try {
    sa.renderReview("not a preview");
  } catch (err) {
    reviewError = (err as Error).name;
  }
  process.stdout.write(
    `${JSON.stringify({
      declaring,
      validationOk: validation.ok,
      clientIsApiClient: client instanceof sa.ApiClient && typeof client.strategies.list === "function",
      reviewError,
      afterwards: loaded(),
    })}\n`,
  );
}

void main();
