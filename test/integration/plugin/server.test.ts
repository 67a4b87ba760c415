import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import { createClient } from "../../../provider/api/client";
import { inCanonicalOrder } from "../../../provider/plugin/declared-order";
import { SECRET_SIGNATURE, SIGNATURE_KEY } from "../../../provider/plugin/wire";
import { control, startTestEmulator } from "../../support/emulator";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { type Bag, PluginClient } from "./plugin-client";

// The engine's way with the provider plugin, driven over gRPC against the emulator: one plugin
// server per provider instance, as the engine starts one process per instance.
describe("the provider plugin over gRPC", () => {
  let em: RunningEmulator;
  let degen: PluginClient;
  let pro: PluginClient;
  let degenKey: string;
  let proKey: string;
  let rateDir: string;
  let receiver: WebhookReceiver;
  const saved = { ...process.env };

  const RULES = [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
    { rule: "market_cap", dealbreaker: false, min: 10_000, max: 500_000 },
    { rule: "has_website", dealbreaker: false },
  ];
  const strategyInputs = (rules: Bag[] = RULES): Bag => ({
    name: "Momentum",
    triggers: ["new_token_created", "token_graduated"],
    rules,
    alertCooldownMins: 30,
  });

  beforeAll(async () => {
    // Only the provider's own configuration may name the account.
    delete process.env.STRATEGY_ALERTS_API_KEY;
    delete process.env.STRATEGY_ALERTS_BASE_URL;
    rateDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-rate-"));
    process.env.STRATEGY_ALERTS_RATE_DIR = rateDir;
    em = await startTestEmulator();
    const user = async (plan: string, limits: Bag) =>
      (await control(em, "POST", "/users", { plan, limits: { requestsPerMinute: 100_000, ...limits } })).body
        .apiKey as string;
    degenKey = await user("DEGEN", {});
    proKey = await user("PRO", { active: 1 });
    degen = await PluginClient.start();
    pro = await PluginClient.start();
    receiver = await new WebhookReceiver("echo").start();
  });
  afterAll(async () => {
    degen?.close();
    pro?.close();
    await receiver?.close();
    await em?.close();
    process.env = saved;
    fs.rmSync(rateDir, { recursive: true, force: true });
  });

  it("configures each provider instance with its own key: each sees its own account", async () => {
    const configured = await degen.configure({ apiKey: degenKey, baseUrl: em.baseUrl });
    expect(configured.getAcceptsecrets()).toBe(true);
    // The second instance names its key through config variables, as the engine passes stack config.
    await pro.configure(
      {},
      { "strategy-alerts:config:apiKey": proKey, "strategy-alerts:config:baseUrl": em.baseUrl },
    );
    const [a, b] = await Promise.all([degen.invoke("getAccount"), pro.invoke("getAccount")]);
    expect(a.result.plan).toBe("DEGEN");
    expect(b.result.plan).toBe("PRO");
    expect((b.result as Bag).limits.strategies.active).toBe(1);
  });

  it("checks the configuration, naming a wrong base URL, and keeps the key a secret", async () => {
    const checked = await degen.checkConfig({ apiKey: "plain-text-key", baseUrl: em.baseUrl });
    expect(checked.failures).toEqual([]);
    expect(checked.inputs.apiKey).toEqual({ [SIGNATURE_KEY]: SECRET_SIGNATURE, value: "plain-text-key" });
    const { failures } = await degen.checkConfig({ baseUrl: "http://127.0.0.1:1/wrong" });
    expect(failures).toEqual([expect.stringContaining("/api/external/v1")]);
    // A valid URL with the wrong path is said to be so, quoted, with the likely address.
    expect(failures[0]).not.toContain("not a valid URL");
    expect(failures[0]).toContain('"http://127.0.0.1:1/wrong": it is a valid URL');
    expect(failures[0]).toContain('"/wrong" does not');
    expect(failures[0]).toContain("use http://127.0.0.1:1/api/external/v1");
  });

  it("fails a bad rule in check with one line per problem, each naming its rules[i] path", async () => {
    const bad = strategyInputs([
      RULES[0]!,
      { rule: "market_cap", dealbreaker: false, min: 500, max: 100 },
      { rule: "liquidity_usd", dealbreaker: false, min: -1 },
    ]);
    const { failures } = await degen.check("Strategy", bad);
    expect(failures).toEqual([
      "rules[1].max must be greater than min (min 500, max 100)",
      "rules[2].min must not be negative, got -1",
    ]);
  });

  let strategyId: string;
  let strategyOuts: Bag;
  let checked: Bag;

  it("creates a strategy, reads it back by id alone as an import would, and diffs a reorder as no change", async () => {
    const result = await degen.check("Strategy", strategyInputs());
    expect(result.failures).toEqual([]);
    checked = result.inputs;
    // Checked inputs keep the program's order, so diff paths count rules as the program does.
    expect((checked.rules as Bag[]).map((r) => r.rule)).toEqual(RULES.map((r) => r.rule));
    const created = await degen.create("Strategy", checked);
    strategyId = created.id;
    strategyOuts = created.outs;
    expect(strategyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(strategyOuts.strategyId).toBe(strategyId);

    const imported = await degen.read("Strategy", strategyId);
    expect(imported.id).toBe(strategyId);
    // With no program behind it, an import reads the sets in their canonical order; it has no
    // create to bound (the create's stamp is for recovery only).
    const { createdNotBefore: _bound, createdNotBeforeUncertaintyMs: _within, ...declared } = checked;
    expect(imported.inputs).toEqual(inCanonicalOrder("Strategy", declared));

    const reordered = (await degen.check("Strategy", strategyInputs([...RULES].reverse()), checked)).inputs;
    const diff = await degen.diff("Strategy", strategyId, strategyOuts, reordered, checked);
    expect(diff).toMatchObject({ changes: false, detailed: {} });
  });

  it("imports a strategy with trigger configs and matching as it would be declared: no change after", async () => {
    const declared = {
      ...strategyInputs(),
      name: "Mentions",
      triggers: ["microblog_mention_direct", "new_token_created"],
      triggerConfigs: { microblog_mention_direct: { tagId: "all" } },
      matching: { enabled: true, minPercent: 60 },
    };
    const { inputs, failures } = await degen.check("Strategy", declared);
    expect(failures).toEqual([]);
    const created = await degen.create("Strategy", inputs);
    // `pulumi import` is a run of its own: a fresh plugin process.
    const importer = await PluginClient.start();
    try {
      await importer.configure({ apiKey: degenKey, baseUrl: em.baseUrl });
      const imported = await importer.read("Strategy", created.id);
      const { createdNotBefore: _bound, createdNotBeforeUncertaintyMs: _within, ...declaredInputs } = inputs;
      expect(imported.inputs).toEqual(inCanonicalOrder("Strategy", declaredInputs));
      const diff = await importer.diff("Strategy", created.id, imported.props, inputs, imported.inputs);
      expect(diff.changes).toBe(false);
    } finally {
      importer.close();
    }
    await degen.delete("Strategy", created.id, created.outs);
  });

  it("names a changed rule by the index the program gave it, not by its canonical place", async () => {
    // RULES is not in canonical order: has_website sorts first, so liquidity_usd is canonically third.
    const changedRules = RULES.map((r) => (r.rule === "liquidity_usd" ? { ...r, min: 6000 } : r));
    const news = (await degen.check("Strategy", strategyInputs(changedRules), checked)).inputs;
    const diff = await degen.diff("Strategy", strategyId, strategyOuts, news, checked);
    expect(diff).toMatchObject({ changes: true, detailed: { "rules[1].min": "UPDATE" } });
    expect(Object.keys(diff.detailed)).toEqual(["rules[1].min"]);
  });

  it("diffs one changed threshold as exactly one path, matched by rule identity, and updates it", async () => {
    const changedRules = [...RULES]
      .reverse()
      .map((r) => (r.rule === "market_cap" ? { ...r, max: 750_000 } : r));
    const news = (await degen.check("Strategy", strategyInputs(changedRules), checked)).inputs;
    const diff = await degen.diff("Strategy", strategyId, strategyOuts, news, checked);
    const index = (news.rules as Bag[]).findIndex((r) => r.rule === "market_cap");
    expect(diff).toMatchObject({ changes: true, replaces: [], hasDetailedDiff: true });
    expect(diff.detailed).toEqual({ [`rules[${index}].max`]: "UPDATE" });

    const outs = await degen.update("Strategy", strategyId, strategyOuts, news);
    expect((outs.rules as Bag[]).find((r) => r.rule === "market_cap")?.max).toBe(750_000);
    const refreshed = await degen.read("Strategy", strategyId, outs, news);
    expect(refreshed.inputs).toEqual(news);
    strategyOuts = outs;
    checked = news;
  });

  it("updates a new name with the rules reordered in the program without resending the rules", async () => {
    const rules = (checked.rules as Bag[]).slice().reverse();
    const news = (await degen.check("Strategy", { ...strategyInputs(rules), name: "Momentum II" }, checked))
      .inputs;
    const diff = await degen.diff("Strategy", strategyId, strategyOuts, news, checked);
    expect(diff).toMatchObject({ changes: true, detailed: { name: "UPDATE" } });
    expect(Object.keys(diff.detailed)).toEqual(["name"]);
    const service = createClient({ apiKey: degenKey, baseUrl: em.baseUrl, shareRateWindow: false });
    const ruleIds = async () => {
      const s = await service.strategies.get(strategyId);
      return [...s.dealbreakers, ...s.ruleGroups.flatMap((g) => g.rules)].map((r) => r.id);
    };
    const before = await ruleIds();
    const outs = await degen.update("Strategy", strategyId, strategyOuts, news);
    // A PATCH carrying rules makes the service regenerate their condition ids: these stay.
    expect(await ruleIds()).toEqual(before);
    expect(outs.rules).toEqual(news.rules);
    // The state holds the rules once, as declared: not the service's record of them.
    expect(outs).not.toHaveProperty("dealbreakers");
    expect(outs).not.toHaveProperty("ruleGroups");
    strategyOuts = outs;
    checked = news;
  });

  it("fails the activation's check on the plan's active limit, as the dynamic resource does", async () => {
    const made: string[] = [];
    for (const name of ["A", "B"]) {
      const { inputs } = await pro.check("Strategy", { ...strategyInputs(), name });
      made.push((await pro.create("Strategy", inputs)).id);
    }
    const { failures } = await pro.check("StrategyActivation", { strategyIds: made });
    expect(failures).toEqual([
      expect.stringMatching(/^the PRO plan allows 1 active strategies, .* in strategyIds/),
    ]);
    // The DEGEN account's strategy is not the PRO account's: its own provider activates it.
    const { inputs, failures: none } = await degen.check("StrategyActivation", { strategyIds: [strategyId] });
    expect(none).toEqual([]);
    const activation = await degen.create("StrategyActivation", inputs);
    expect(activation.id).toMatch(/^activation-/);
    const imported = await degen.read("StrategyActivation", "activation-imported");
    expect(imported.inputs).toEqual({ strategyIds: [strategyId], exclusive: false });
    await degen.delete("StrategyActivation", activation.id, activation.outs);
    for (const id of made) await pro.delete("Strategy", id, {});
  });

  it("replaces a followed developer whose address changes, and imports one by its address", async () => {
    const { inputs } = await degen.check("FollowedDeveloper", {
      address: "DevWa11et1111111111111111111111111111111",
      alias: "first",
    });
    const created = await degen.create("FollowedDeveloper", inputs);
    expect(created.id).toBe("DevWa11et1111111111111111111111111111111");
    const next = (
      await degen.check(
        "FollowedDeveloper",
        { address: "DevWa11et2222222222222222222222222222222", alias: "first" },
        inputs,
      )
    ).inputs;
    const diff = await degen.diff("FollowedDeveloper", created.id, created.outs, next, inputs);
    expect(diff).toMatchObject({
      changes: true,
      replaces: ["address"],
      detailed: { address: "UPDATE_REPLACE" },
    });
    expect(
      (await degen.read("FollowedDeveloper", "DevWa11et1111111111111111111111111111111")).inputs,
    ).toEqual(inputs);

    const tags = await degen.check("DeveloperTags", {
      address: "DevWa11et1111111111111111111111111111111",
      tagIds: [],
    });
    const tagged = await degen.create("DeveloperTags", tags.inputs);
    expect((await degen.read("DeveloperTags", tagged.id)).inputs).toEqual({
      address: "DevWa11et1111111111111111111111111111111",
      tagIds: [],
    });
    await degen.delete("DeveloperTags", tagged.id, tagged.outs);
    await degen.delete("FollowedDeveloper", created.id, created.outs);
  });

  it("returns the webhook's signing secret as a Pulumi secret from create, read and update", async () => {
    const { inputs } = await degen.check("Webhook", { url: receiver.url, enabled: true });
    const created: { id: string; outs: Bag } = await degen.create("Webhook", inputs);
    expect(created.id).toBe("webhook");
    expect(created.outs.secret).toEqual({ [SIGNATURE_KEY]: SECRET_SIGNATURE, value: expect.any(String) });
    expect(created.outs.verifiedAt).toEqual(expect.any(String));

    const refreshed = await degen.read("Webhook", created.id, created.outs, inputs);
    expect(refreshed.props.secret).toEqual(created.outs.secret);
    const rotated: Bag = await degen.update("Webhook", created.id, created.outs, {
      ...inputs,
      rotation: "2",
    });
    expect(rotated.secret[SIGNATURE_KEY]).toBe(SECRET_SIGNATURE);
    expect(rotated.secret.value).not.toBe(created.outs.secret.value);
    await degen.delete("Webhook", created.id, rotated);
  });

  it("keeps a webhook url with a query token a secret in check, create, read and update; a plain url plain", async () => {
    const tokenUrl = `${receiver.url}?token=s3cr3t-query-token`;
    const sealed = { [SIGNATURE_KEY]: SECRET_SIGNATURE, value: tokenUrl };
    const { inputs } = await degen.check("Webhook", { url: tokenUrl, enabled: true });
    expect(inputs.url).toEqual(sealed);
    const created: { id: string; outs: Bag } = await degen.create("Webhook", inputs);
    expect(created.outs.url).toEqual(sealed);
    const refreshed = await degen.read("Webhook", created.id, created.outs, inputs);
    expect(refreshed.props.url).toEqual(sealed);
    expect(refreshed.inputs.url).toEqual(sealed);
    const plain = await degen.check("Webhook", { url: receiver.url, enabled: true });
    expect(plain.inputs.url).toBe(receiver.url);
    const updated: Bag = await degen.update("Webhook", created.id, created.outs, plain.inputs);
    // What the old state held as a secret stays one in the update's outputs, as every secret does.
    expect(updated.url).toEqual({ [SIGNATURE_KEY]: SECRET_SIGNATURE, value: receiver.url });
    await degen.delete("Webhook", created.id, updated);
  });

  it("names no property of a failing check whose value the engine would print with a password or an escape", async () => {
    const withPassword = await degen.checkConfig({ baseUrl: "http://user:pa55word@127.0.0.1:1/wrong" });
    expect(withPassword.failures).toEqual([expect.stringContaining("baseUrl")]);
    expect(JSON.stringify(withPassword.failures)).not.toContain("pa55word");
    const { failures } = await degen.check("FollowedDeveloper", { address: "0xabc", alias: "a\u001b[2Jb" });
    expect(failures).toContain(
      "alias contains the control character \\u001b at position 2: names and descriptions are plain text",
    );
    expect(JSON.stringify(failures)).not.toContain("\u001b");
  });

  it("deletes the strategy; a later refresh finds it gone", async () => {
    await degen.delete("Strategy", strategyId, strategyOuts);
    expect((await degen.read("Strategy", strategyId, strategyOuts, checked)).id).toBe("");
  });

  it("never shows an API key: not in any response, nor in the error of a rejected key", async () => {
    const wrong = await PluginClient.start();
    try {
      const wrongKey = "sa_live_0000000000000000000000000000dead";
      await wrong.configure({ apiKey: wrongKey, baseUrl: em.baseUrl });
      await expect(wrong.invoke("getAccount")).rejects.toThrow(/401|key/i);
      await expect(wrong.check("Strategy", strategyInputs())).rejects.toThrow(/401 Unauthorized/);
      await expect(wrong.create("Strategy", checked)).rejects.toThrow(/401 Unauthorized/);
      expect(wrong.seen.length).toBeGreaterThanOrEqual(4);
      for (const text of [...wrong.seen]) expect(text).not.toContain(wrongKey);
    } finally {
      wrong.close();
    }
    for (const text of [...degen.seen, ...pro.seen]) {
      expect(text).not.toContain(degenKey);
      expect(text).not.toContain(proKey);
    }
  });
});
