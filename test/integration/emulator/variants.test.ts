import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import {
  assertCompatible,
  compatibleVariants,
  describeVariants,
  IncompatibleVariantsError,
  parseVariants,
  UnknownVariantError,
  VARIANT_NAMES,
  type VariantName,
} from "../../../emulator/variants/catalog";
import { VARIANT_LENGTH_LIMITS } from "../../../emulator/variants/length-limits";
import { runCliInProcess } from "../../support/cli";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { control, newUser, startTestEmulator, strategyBody } from "./helpers";

/** Each variant changes exactly its reading; the default emulator is covered by the other suites. */
function onEmulator(variants: VariantName[]) {
  const box = {} as { em: RunningEmulator };
  beforeAll(async () => {
    box.em = await startTestEmulator({ variants });
  });
  afterAll(async () => {
    await box.em.close();
  });
  return box;
}

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const setClock = (em: RunningEmulator, now: string) => control(em, "POST", "/clock", { now });
const advance = (em: RunningEmulator, minutes: number) =>
  control(em, "POST", "/clock", { advanceMinutes: minutes });

describe("the variant registry", () => {
  it("parses a list, refuses an unknown name listing the known ones, and describes every variant", () => {
    expect([...parseVariants("extra-fields, list-order-desc")]).toEqual(["extra-fields", "list-order-desc"]);
    const err = (() => {
      try {
        parseVariants("extra-fields,nope");
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err).toBeInstanceOf(UnknownVariantError);
    expect(err?.message).toContain('"nope"');
    for (const n of VARIANT_NAMES) expect(err?.message).toContain(n);
    const listing = describeVariants().split("\n");
    expect(listing).toHaveLength(VARIANT_NAMES.length);
    expect(listing[0]).toMatch(/^rate-window-fixed +requests are counted per calendar minute/);
  });

  it("refuses a declared incompatible pair naming both and why; today every variant combines", async () => {
    const pairs = [["sparse-fields", "extra-fields", "one adds what the other omits"]] as const;
    expect(() => assertCompatible(new Set<VariantName>(["sparse-fields", "extra-fields"]), pairs)).toThrow(
      IncompatibleVariantsError,
    );
    expect(() => assertCompatible(new Set<VariantName>(["sparse-fields", "extra-fields"]), pairs)).toThrow(
      "sparse-fields with extra-fields (one adds what the other omits)",
    );
    expect(() => assertCompatible(new Set<VariantName>(["sparse-fields"]), pairs)).not.toThrow();
    expect(compatibleVariants(pairs)).not.toContain("extra-fields");
    expect(compatibleVariants()).toEqual(VARIANT_NAMES);
  });
});

const cli = runCliInProcess;

describe("strategy-alerts emulator --variant", () => {
  it("lists every variant with its line and exits 0", async () => {
    const { code, stdout } = await cli(["emulator", "--variant", "list"]);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(describeVariants());
  });

  it("refuses an unknown name with exit 2, listing the known ones", async () => {
    const { code, stderr } = await cli(["emulator", "--variant", "extra-fields,slow-everything"]);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown emulator variant "slow-everything"');
    expect(stderr).toContain(VARIANT_NAMES.join(", "));
  });
});

describe("variant rate-window-fixed with no-retry-after and ratelimit-headers", () => {
  const box = onEmulator(["rate-window-fixed", "no-retry-after", "ratelimit-headers"]);

  it("counts per calendar minute, says so in the headers, and sends no Retry-After", async () => {
    const api = await newUser(box.em, { limits: { requestsPerMinute: 3 } });
    await setClock(box.em, "2030-01-10T12:00:10.000Z");
    const answers = [await api.get("/me"), await api.get("/me"), await api.get("/me")];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["2", "1", "0"]);
    expect(answers[0]!.headers.get("x-ratelimit-limit")).toBe("3");
    expect(answers[0]!.headers.get("x-ratelimit-reset")).toBe("50");
    const refused = await api.get("/me");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeNull();
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("x-ratelimit-reset")).toBe("50");
    // 50 s later a new minute starts with a full budget (a sliding window would still refuse).
    await setClock(box.em, "2030-01-10T12:01:00.000Z");
    expect((await api.get("/me")).status).toBe(200);
    expect((await api.get("/me")).status).toBe(200);
  });
});

describe("variant ratelimit-headers on a sliding window", () => {
  const box = onEmulator(["ratelimit-headers"]);

  it("resets when the oldest counted request leaves the window, and keeps Retry-After on a 429", async () => {
    const api = await newUser(box.em, { limits: { requestsPerMinute: 2 } });
    await setClock(box.em, "2030-01-10T12:00:10.000Z");
    await api.get("/me");
    await advance(box.em, 0.5);
    const second = await api.get("/me");
    expect(second.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(second.headers.get("x-ratelimit-reset")).toBe("30");
    const refused = await api.get("/me");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
  });
});

describe("variant extra-fields", () => {
  const box = onEmulator(["extra-fields"]);

  it("adds unknown fields to every object, but not to objects keyed by data", async () => {
    const api = await newUser(box.em);
    const me = await api.get("/me");
    expect(me.body.xUnknownNote).toEqual(expect.any(String));
    expect(me.body.limits.rateLimit.xUnknownDetails).toEqual(expect.any(Object));
    const created = await api.post(
      "/strategies",
      strategyBody({
        triggers: ["microblog_mention_direct"],
        triggerConfigs: { microblog_mention_direct: { tagId: "all" } },
      }),
    );
    expect(created.body.strategy.triggers[0].xUnknownNote).toBeDefined();
    const listed = await api.get("/strategies");
    expect(Object.keys(listed.body.strategies[0].triggerConfigs)).toEqual(["microblog_mention_direct"]);
    const missing = await api.get("/strategies/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body.xUnknownNote).toBeDefined();
  });
});

describe("variant sparse-fields", () => {
  const box = onEmulator(["sparse-fields"]);

  it("omits what the spec does not show: developer fields, tag extras, triggerConfigs, PATCH extras", async () => {
    const api = await newUser(box.em);
    const added = await api.post(`/devs/${ADDRESS}/add`, { alias: "dev" });
    expect(added.body).toEqual({ success: true, developer: { address: ADDRESS } });
    expect((await api.get("/devs/my")).body.developers).toEqual([{ address: ADDRESS }]);
    const tags = (await api.get("/devs/tags")).body.tags;
    expect(Object.keys(tags[0]).sort()).toEqual(["id", "name"]);
    const created = (await api.post("/strategies", strategyBody())).body.strategy;
    expect((await api.get(`/strategies/${created.id}`)).body.strategy).not.toHaveProperty("triggerConfigs");
    const patched = await api.patch(`/strategies/${created.id}`, {
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
    });
    expect(Object.keys(patched.body.strategy).sort()).toEqual(["description", "id", "isActive", "name"]);
  });
});

describe("variant devs-empty-bodies", () => {
  const box = onEmulator(["devs-empty-bodies"]);

  it("confirms add and tags with {} and update with no body, and still applies them", async () => {
    const api = await newUser(box.em);
    const added = await api.post(`/devs/${ADDRESS}/add`, { alias: "dev" });
    expect([added.status, added.body]).toEqual([201, {}]);
    const updated = await api.put(`/devs/${ADDRESS}/update`, { alias: "renamed" });
    expect([updated.status, updated.body]).toEqual([204, undefined]);
    const tag = (await api.get("/devs/tags")).body.tags[0].id;
    const tagged = await api.put(`/devs/${ADDRESS}/tags`, { tagIds: [tag] });
    expect([tagged.status, tagged.body]).toEqual([200, {}]);
    expect((await api.get("/devs/my")).body.developers[0]).toMatchObject({ alias: "renamed", tagIds: [tag] });
  });
});

describe("variant list-order-desc", () => {
  const box = onEmulator(["list-order-desc"]);

  it("lists strategies, developers and developer tags newest first", async () => {
    const api = await newUser(box.em);
    for (const name of ["first", "second", "third"]) await api.post("/strategies", strategyBody({ name }));
    const names = (await api.get("/strategies")).body.strategies.map((s: { name: string }) => s.name);
    expect(names).toEqual(["third", "second", "first"]);
    await api.post(`/devs/${ADDRESS}/add`, {});
    await api.post(`/devs/${"0x".padEnd(42, "a")}/add`, {});
    expect((await api.get("/devs/my")).body.developers[0].address).toBe("0x".padEnd(42, "a"));
    const tags = (await api.get("/devs/tags")).body.tags.map((t: { name: string }) => t.name);
    expect(tags).toEqual(["Watchlist", "Serial Launchers", "Trusted"]);
  });
});

describe("variant error-layout", () => {
  const box = onEmulator(["error-layout"]);

  it("lists a body's problems as errors [{path, message}] and a query's as a message array", async () => {
    const api = await newUser(box.em);
    const bad = await api.post("/strategies", strategyBody({ rules: [{ rule: "nope", dealbreaker: true }] }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Validation failed");
    expect(bad.body.errors[0]).toEqual({ path: "rules[0].rule", message: expect.any(String) });
    expect(bad.body.errors[0].message.startsWith("rules[0]")).toBe(false);
    expect(bad.body).not.toHaveProperty("issues");
    const query = await api.get("/strategies?foo=1");
    expect(query.status).toBe(400);
    expect(query.body.message).toEqual([expect.stringContaining("query.foo")]);
  });

  it("words 403 and 404 differently", async () => {
    const api = await newUser(box.em, { limits: { active: 0 } });
    const missing = await api.get("/strategies/00000000-0000-4000-8000-000000000000");
    expect(missing.body).toEqual({
      statusCode: 404,
      message: "The requested resource was not found",
      error: "Not Found",
    });
    const refused = await api.post("/strategies", strategyBody({ isActive: true }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Forbidden resource: /);
  });
});

describe("variant length-limits", () => {
  const box = onEmulator(["length-limits"]);

  it("answers 400 naming the field beyond each limit, and accepts the limit itself", async () => {
    const api = await newUser(box.em);
    const L = VARIANT_LENGTH_LIMITS;
    expect((await api.post("/strategies", strategyBody({ name: "n".repeat(L.name) }))).status).toBe(201);
    const long = await api.post("/strategies", strategyBody({ name: "n".repeat(L.name + 1) }));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(`name must be at most ${L.name} characters long`);
    const rules = Array.from({ length: L.rules + 1 }, (_, i) => ({
      rule: "liquidity_usd",
      dealbreaker: false,
      min: i,
    }));
    const many = await api.post("/strategies", strategyBody({ rules }));
    expect(many.body.issues).toEqual([
      { path: "rules", message: `rules must contain at most ${L.rules} elements` },
    ]);
    const triggers = [
      "new_token_created",
      "token_graduated",
      "token_almost_graduated",
      "followed_dev_new_token_created",
      "post_metadata_match",
      "microblog_mention_direct",
    ];
    const six = await api.post(
      "/strategies",
      strategyBody({
        triggers,
        triggerConfigs: { post_metadata_match: { tagId: "all" }, microblog_mention_direct: { tagId: "all" } },
      }),
    );
    expect(six.body.issues).toEqual([
      { path: "triggers", message: `triggers must contain at most ${L.triggers} elements` },
    ]);
    const id = (await api.get("/strategies")).body.strategies[0].id;
    expect(
      (await api.patch(`/strategies/${id}`, { description: "d".repeat(L.description + 1) })).status,
    ).toBe(400);
  });
});

describe("variant webhook-verify-async", () => {
  const box = onEmulator(["webhook-verify-async"]);
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await new WebhookReceiver("echo").start();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it("answers the PUT unverified and verifies a few seconds later", async () => {
    const api = await newUser(box.em);
    const put = await api.put("/webhook", { enabled: true, url: receiver.url });
    expect(put.body).toMatchObject({
      url: receiver.url,
      verifiedAt: null,
      verificationError: null,
      hasSecret: true,
    });
    expect(put.body.secret).toMatch(/^whsec_/);
    expect(receiver.deliveries).toHaveLength(0);
    let verifiedAt: string | undefined;
    for (let i = 0; i < 40 && !verifiedAt; i++) {
      await new Promise((r) => setTimeout(r, 250));
      verifiedAt = (await api.get("/webhook")).body.verifiedAt;
    }
    expect(verifiedAt).toEqual(expect.any(String));
    expect(receiver.deliveries).toHaveLength(1);
  });
});

describe("variant backtest-slow", () => {
  const box = onEmulator(["backtest-slow"]);

  it("keeps a job QUEUED for 3 minutes and RUNNING until 8 minutes of the emulator clock", async () => {
    const api = await newUser(box.em);
    const strategy = (await api.post("/strategies", strategyBody())).body.strategy;
    const now = Date.parse((await control<{ now: string }>(box.em, "GET", "/clock")).body.now);
    const job = await api.post("/backtests", {
      strategyId: strategy.id,
      from: new Date(now - 3 * 86_400_000).toISOString(),
      to: new Date(now - 3_600_000).toISOString(),
      labelDefinition: { threshold: 2 },
      options: {},
    });
    expect(job.status).toBe(201);
    const status = async () => (await api.get(`/backtests/${job.body.id}`)).body.status;
    await advance(box.em, 2.5);
    expect(await status()).toBe("QUEUED");
    await advance(box.em, 5);
    expect(await status()).toBe("RUNNING");
    await advance(box.em, 1);
    let s = await status();
    for (let i = 0; i < 100 && s === "RUNNING"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      s = await status();
    }
    expect(s).toBe("COMPLETED");
  });
});
