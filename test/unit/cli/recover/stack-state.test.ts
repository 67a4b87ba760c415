import { describe, expect, it } from "vitest";
import {
  heldObjects,
  parseStackExport,
  pendingCreates,
  recordedAccounts,
} from "../../../../cli/recover/stack-state";

const EXPORT = JSON.stringify({
  version: 3,
  deployment: {
    resources: [
      { urn: "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev", type: "pulumi:pulumi:Stack" },
      {
        urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/strategy-alerts:Strategy::a",
        type: "pulumi-nodejs:dynamic/strategy-alerts:Strategy",
        id: "held-1",
        outputs: { accountId: "acct-1" },
      },
      {
        urn: "urn:pulumi:dev::p::strategy-alerts:index:Webhook::w",
        type: "strategy-alerts:index:Webhook",
        id: "webhook",
        outputs: { accountId: "acct-1" },
      },
    ],
    pending_operations: [
      {
        type: "creating",
        resource: {
          urn: "urn:pulumi:dev::p::strategy-alerts:index:Strategy::b",
          type: "strategy-alerts:index:Strategy",
          inputs: { name: "B" },
        },
      },
      { type: "creating", resource: { urn: "urn:pulumi:dev::p::aws:s3:Bucket::x", type: "aws:s3:Bucket" } },
      {
        type: "updating",
        resource: {
          urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/strategy-alerts:Strategy::a",
          type: "pulumi-nodejs:dynamic/strategy-alerts:Strategy",
        },
      },
    ],
  },
});

describe("reading a stack export for recovery", () => {
  const state = parseStackExport(EXPORT);

  it("lists only the interrupted creates of this package's resources, through either front door", () => {
    expect(pendingCreates(state)).toEqual([
      {
        urn: "urn:pulumi:dev::p::strategy-alerts:index:Strategy::b",
        kind: "Strategy",
        inputs: { name: "B" },
      },
    ]);
  });

  it("reads the objects the state holds, with their accounts, and the accounts it records", () => {
    expect(heldObjects(state)).toEqual([
      { kind: "Strategy", id: "held-1", account: "acct-1" },
      { kind: "Webhook", id: "webhook", account: "acct-1" },
    ]);
    expect([...recordedAccounts(state)]).toEqual(["acct-1"]);
  });
});

describe("which account an interrupted create belongs to", () => {
  it("is the account the other resources of its provider record", () => {
    const provider = "urn:pulumi:dev::p::pulumi:providers:strategy-alerts::second::id-2";
    const state = parseStackExport(
      JSON.stringify({
        deployment: {
          resources: [
            {
              urn: "urn:pulumi:dev::p::strategy-alerts:index:Webhook::w",
              type: "strategy-alerts:index:Webhook",
              provider,
              outputs: { accountId: "acct-2" },
            },
          ],
          pending_operations: [
            {
              type: "creating",
              resource: {
                urn: "urn:pulumi:dev::p::strategy-alerts:index:Strategy::b",
                type: "strategy-alerts:index:Strategy",
                provider,
              },
            },
          ],
        },
      }),
    );
    expect(pendingCreates(state)[0]?.account).toBe("acct-2");
  });
});
