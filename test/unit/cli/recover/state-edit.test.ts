import { describe, expect, it } from "vitest";
import type { Settlement } from "../../../../cli/recover/settle";
import { settledState } from "../../../../cli/recover/state-edit";

const URN = (name: string) => `urn:pulumi:dev::p::strategy-alerts:index:Strategy::${name}`;
const op = (name: string, type = "creating") => ({
  type,
  resource: { urn: URN(name), type: "strategy-alerts:index:Strategy", inputs: { name } },
});
const create = (name: string) => ({ urn: URN(name), kind: "Strategy" as const, inputs: { name } });

describe("the state after settling", () => {
  const exported = {
    version: 3,
    deployment: {
      resources: [{ urn: "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev", type: "pulumi:pulumi:Stack" }],
      pending_operations: [op("made"), op("never"), op("elsewhere"), op("updating", "updating")],
    },
  };
  const settlements: Settlement[] = [
    { create: create("made"), action: "import", id: "id-1", why: "named with --adopt" },
    { create: create("never"), action: "clear", reason: "never reached the service" },
    { create: create("elsewhere"), action: "other-account", account: "other" },
  ];
  const after = settledState(exported, settlements) as typeof exported & {
    deployment: { resources: { urn: string; id?: string; outputs?: unknown }[] };
  };

  it("records an imported create as a resource with its id, its inputs as outputs until the refresh", () => {
    expect(after.deployment.resources.at(-1)).toMatchObject({
      urn: URN("made"),
      id: "id-1",
      outputs: { name: "made" },
    });
  });

  it("drops the settled creates and keeps what it did not settle", () => {
    expect(after.deployment.pending_operations.map((o) => o.resource.urn)).toEqual([
      URN("elsewhere"),
      URN("updating"),
    ]);
  });

  it("changes nothing of the exported object it was given", () => {
    expect(exported.deployment.pending_operations).toHaveLength(4);
    expect(exported.deployment.resources).toHaveLength(1);
  });
});
