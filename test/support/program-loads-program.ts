/**
 * A program declaring one resource of every kind under the SDK's mocks, in a fresh process.
 * Prints, as JSON, the package's and its dependencies' modules loaded by then; then calls what
 * loads on first use (the validator, the client, the review) and says whether each worked.
 */
import { declareEveryKind, mockEngine } from "./mocked-program";

const loaded = () =>
  Object.keys(require.cache)
    .filter((file) => !file.includes("@pulumi") && !file.includes("ts-node") && !file.includes("typescript"))
    .map((file) => file.replace(/.*node_modules\//, "node_modules/").replace(/.*\/provider\//, "provider/"));

async function main(): Promise<void> {
  const sa = await import("../../provider");
  await mockEngine();
  await declareEveryKind(sa);
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
