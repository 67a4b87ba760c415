import { beforeAll, describe, expect, it } from "vitest";
import { inputNames, KINDS, outputNames, RESOURCE_KINDS, secretOutputs } from "../../../provider/model/kinds";
import type { ResourceKind } from "../../../provider/model/plain-types";
import { idOutput } from "../../../provider/resources/id-output";
import { kindResource } from "../../../provider/resources/kind-resource";
import { type KindReport, readId, readValue, runKindClasses } from "./kind-classes";

/**
 * Each kind's class as a program declares and reads it, under the SDK's mocks in a fresh process
 * (`kind-classes.ts`): what `kindResource` registers for it, which the engine then acts on.
 */
describe("the class kindResource makes of each kind, in a program", () => {
  let report: Record<ResourceKind, KindReport>;
  // ts-node compiles the program first: tens of seconds on a busy CI machine.
  beforeAll(async () => {
    report = await runKindClasses();
  }, 120_000);

  it.each(RESOURCE_KINDS)("%s registers under its dynamic type token", (kind) => {
    expect(report[kind].type).toBe(KINDS[kind].dynamicToken);
    expect(report[kind].type).toBe(kindResource(kind).__pulumiType);
  });

  it.each(RESOURCE_KINDS)(
    "%s declares its descriptor's secret outputs as additional secret outputs",
    (kind) => {
      expect(report[kind].secrets).toEqual(secretOutputs(kind));
    },
  );

  it("the webhook's signing secret is the one secret output: the engine stores it encrypted", () => {
    expect(report.Webhook.secrets).toEqual(["secret"]);
    expect(RESOURCE_KINDS.filter((kind) => report[kind].secrets.length > 0)).toEqual(["Webhook"]);
  });

  it.each(RESOURCE_KINDS)("%s.isInstance recognises a resource of its kind and no other kind's", (kind) => {
    expect(report[kind].isInstanceOf).toEqual(Object.fromEntries(RESOURCE_KINDS.map((k) => [k, k === kind])));
  });

  it.each(RESOURCE_KINDS)("%s.get reads the id, every input and every output of the kind", (kind) => {
    const { read } = report[kind];
    expect(read.id).toBe(readId(kind));
    expect(read.registered).toEqual(expect.arrayContaining([...inputNames(kind), ...outputNames(kind)]));
    const keys = [...inputNames(kind), ...outputNames(kind)];
    // The output that is the resource id is read from the id (id-output.ts).
    const value = (k: string) => (k === idOutput(kind) ? readId(kind) : readValue(k, readId(kind)));
    expect(read.values).toEqual(Object.fromEntries(keys.map((k) => [k, value(k)])));
  });

  it("a strategy's strategyId is its resource id, the one output read so", () => {
    expect(report.Strategy.read.values.strategyId).toBe(readId("Strategy"));
    expect(RESOURCE_KINDS.filter((kind) => idOutput(kind) !== undefined)).toEqual(["Strategy"]);
  });
});
