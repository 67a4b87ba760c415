import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../../provider/api/client";
import type { ResourceKind } from "../../../provider/model/type-tokens";
import { RuntimeContext } from "../../../provider/runtime/context";
import { handlers } from "../../../provider/runtime/handlers";
import type { PropertyBag } from "../../../provider/runtime/inputs";
import { HOSTILE_SEQUENCES, hostileText, RAW_HIDDEN } from "../../support/hostile-text";
import { contextOn } from "../../support/runtime-context";
import { newAccount, useRuntimeEmulator } from "../../support/runtime-emulator";
import { PluginClient } from "../plugin/plugin-client";

/**
 * Untrusted text in any field of any kind never reaches a message raw: not in a check failure
 * (its property or reason), not in a failed create's error, whatever the service or the client
 * said. Both front doors call these handlers; the plugin's own translation is checked at the end.
 */
type Case = { kind: ResourceKind; field: string; inputs: (hostile: string) => PropertyBag };

const RULE = { rule: "is_honeypot", dealbreaker: true };
const strategy = (overrides: PropertyBag): PropertyBag => ({
  name: "s",
  triggers: ["new_token_created"],
  rules: [RULE],
  ...overrides,
});

const CASES: Case[] = [
  { kind: "FollowedDeveloper", field: "address", inputs: (h) => ({ address: h }) },
  {
    kind: "FollowedDeveloper",
    field: "alias",
    inputs: (h) => ({ address: "0x1111111111111111111111111111111111111111", alias: h }),
  },
  {
    kind: "FollowedDeveloper",
    field: "active",
    inputs: (h) => ({ address: "0x1111111111111111111111111111111111111111", active: h }),
  },
  { kind: "DeveloperTags", field: "address", inputs: (h) => ({ address: h, tagIds: [] }) },
  {
    kind: "DeveloperTags",
    field: "tagIds",
    inputs: (h) => ({ address: "0x1111111111111111111111111111111111111111", tagIds: h }),
  },
  {
    kind: "DeveloperTags",
    field: "tagIds[0]",
    inputs: (h) => ({ address: "0x1111111111111111111111111111111111111111", tagIds: [h] }),
  },
  { kind: "Webhook", field: "url", inputs: (h) => ({ url: h, enabled: true }) },
  {
    kind: "Webhook",
    field: "url (a URL)",
    inputs: (h) => ({ url: `https://h.example/${h}`, enabled: true }),
  },
  { kind: "Webhook", field: "enabled", inputs: (h) => ({ url: null, enabled: h }) },
  {
    kind: "Webhook",
    field: "requireVerified",
    inputs: (h) => ({ url: null, enabled: false, requireVerified: h }),
  },
  { kind: "Webhook", field: "rotation", inputs: (h) => ({ url: null, enabled: false, rotation: h }) },
  { kind: "StrategyActivation", field: "strategyIds", inputs: (h) => ({ strategyIds: h }) },
  { kind: "StrategyActivation", field: "strategyIds[0]", inputs: (h) => ({ strategyIds: [h] }) },
  { kind: "StrategyActivation", field: "exclusive", inputs: (h) => ({ strategyIds: [], exclusive: h }) },
  { kind: "Strategy", field: "name", inputs: (h) => strategy({ name: h }) },
  { kind: "Strategy", field: "description", inputs: (h) => strategy({ description: h }) },
  { kind: "Strategy", field: "triggers[0]", inputs: (h) => strategy({ triggers: [h] }) },
  {
    kind: "Strategy",
    field: "rules[0].rule",
    inputs: (h) => strategy({ rules: [{ rule: h, dealbreaker: true }] }),
  },
  {
    kind: "Strategy",
    field: "rules[0].value",
    inputs: (h) => strategy({ rules: [{ rule: "launch_platform", dealbreaker: true, value: h }] }),
  },
  { kind: "Strategy", field: "rules[0].<key>", inputs: (h) => strategy({ rules: [{ ...RULE, [h]: 1 }] }) },
  {
    kind: "Strategy",
    field: "triggerConfigs.<key>",
    inputs: (h) => strategy({ triggerConfigs: { [h]: {} } }),
  },
  {
    kind: "Strategy",
    field: "triggerConfigs…developerAddress",
    inputs: (h) =>
      strategy({
        triggers: ["followed_dev_new_token_created"],
        triggerConfigs: { followed_dev_new_token_created: { scope: "tag", developerAddress: h } },
      }),
  },
  {
    kind: "Strategy",
    field: "retryPolicy.type",
    inputs: (h) => strategy({ retryPolicy: { type: h, maxAttempts: "x" } }),
  },
  { kind: "Strategy", field: "<key>", inputs: (h) => strategy({ [h]: 1 }) },
  { kind: "Strategy", field: "adopt", inputs: (h) => strategy({ adopt: h }) },
];

/** Every piece of text a failure or an error shows. */
function shownBy(value: unknown): string[] {
  if (value instanceof Error)
    return [value.message, ...("reasons" in value ? (value.reasons as string[]) : [])];
  if (value && typeof value === "object" && "failures" in value) {
    return ((value as { failures?: { property: string; reason: string }[] }).failures ?? []).flatMap((f) => [
      f.property,
      f.reason,
    ]);
  }
  return [];
}

function expectPrintable(texts: string[]): void {
  for (const text of texts) expect(text).not.toMatch(RAW_HIDDEN);
}

/**
 * A client whose every request fails with a message quoting the hostile text back: a call
 * rejects, a paged listing fails on its first page.
 */
function failingClient(hostile: string): ApiClient {
  const fail = () => {
    const error = () => new Error(`the service said: ${hostile}`);
    const rejected = Promise.reject(error());
    rejected.catch(() => {});
    return Object.assign(rejected, {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error()) }),
    });
  };
  const group = new Proxy({}, { get: () => fail });
  return new Proxy({} as ApiClient, { get: () => group });
}

class FailingContext extends RuntimeContext {
  constructor(readonly hostile: string) {
    super();
  }
  override client(): ApiClient {
    return failingClient(this.hostile);
  }
}

describe("messages of hostile input", () => {
  const em = useRuntimeEmulator();
  let apiKey: string;

  beforeAll(async () => {
    ({ apiKey } = await newAccount(em, "DEGEN"));
  });
  const emulatorContext = (): RuntimeContext => contextOn(em.baseUrl, apiKey);

  it("check failures and failed creates show every field of every kind escaped", async () => {
    const ctx = emulatorContext();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CASES), hostileText, async (c, hostile) => {
        const inputs = c.inputs(hostile);
        const checked = await handlers[c.kind].check(ctx, {}, inputs);
        expectPrintable(shownBy(checked));
        const failed = await handlers[c.kind].create(new FailingContext(hostile), inputs).then(
          () => new Error(`${c.kind} ${c.field}: the create did not fail`),
          (e: unknown) => e,
        );
        expect(failed).toBeInstanceOf(Error);
        // Either the service's message, or the create's own check refusing before any request.
        expect((failed as Error).message).toMatch(/the service said|failed: Invalid strategy|contains the/);
        expectPrintable(shownBy(failed));
      }),
      { numRuns: 200 },
    );
  });

  it("a hostile developer address reaches the service and its answer is escaped too", async () => {
    const ctx = emulatorContext();
    for (const address of HOSTILE_SEQUENCES) {
      for (const kind of ["FollowedDeveloper", "DeveloperTags"] as const) {
        const inputs = kind === "DeveloperTags" ? { address, tagIds: ["missing-tag"] } : { address };
        const outcome = await handlers[kind].create(ctx, inputs).then(
          () => undefined,
          (e: unknown) => e,
        );
        // The emulator may accept the address (FollowedDeveloper); a refusal is escaped.
        if (outcome) expectPrintable(shownBy(outcome));
      }
    }
  });

  it("the plugin answers check failures and errors escaped", async () => {
    const plugin = await PluginClient.start();
    try {
      const address = "x\u001b]0;pwned\u0007\u202e";
      await plugin.configure({ apiKey: "k-unreachable", baseUrl: "http://127.0.0.1:1/api/external/v1" });
      const { failures } = await plugin.check("FollowedDeveloper", { address, alias: 12, active: address });
      expect(failures.length).toBeGreaterThan(0);
      const failed = await plugin.create("DeveloperTags", { address, tagIds: [] }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failed).toBeInstanceOf(Error);
      const { message, details } = failed as Error & { details: string };
      expect(details).toContain('DeveloperTags "x\\u001b]0;pwned\\u0007\\u202e"');
      expectPrintable([message, ...details.split("\n"), ...failures]);
    } finally {
      plugin.close();
    }
  });
});
