/**
 * `--write-probe`: what only a write shows, on the probe strategy (PATCH semantics, the 400
 * layout, the length limits) and on one followed developer rewritten unchanged.
 */
import { breaks, type Check, differs, notObservable, same } from "./check";
import { isErrorBody } from "./connection";
import { lengthLimitsCheck } from "./length-limits";
import { createCheck, sweepCheck, writeCheck } from "./probe-strategy";
import { describeBody, keysOf } from "./text";

/** The rule ids of a strategy's stored form, sorted. */
function storedRuleIds(json: unknown): string[] {
  const s = (json as { strategy?: Record<string, unknown> })?.strategy ?? {};
  const ids: string[] = [];
  for (const d of (s.dealbreakers as Array<{ ruleType?: string }>) ?? []) ids.push(String(d.ruleType));
  for (const g of (s.ruleGroups as Array<{ rules?: Array<{ ruleType?: string }> }>) ?? [])
    for (const r of g.rules ?? []) ids.push(String(r.ruleType));
  return ids.sort();
}

const patchReplacesCheck = writeCheck({
  item: "PATCH with rules replaces rules",
  spec: "rules replaces all saved rules",
  emulatorReading: "replaces all saved rules",
  async observe(ctx, probe) {
    const patch = await ctx.http.send("PATCH", `/strategies/${probe.id}`, {
      body: { rules: [{ rule: "has_website", dealbreaker: false }] },
    });
    if (patch.status >= 300) return breaks(`PATCH answered ${patch.status}: ${describeBody(patch)}`);
    const read = await ctx.http.send("GET", `/strategies/${probe.id}`);
    if (read.status !== 200) return breaks(`GET /strategies/:id answered ${read.status}`);
    const ids = storedRuleIds(read.json);
    // The provider's update sends the whole declared rule set; a merge would keep removed rules.
    if (ids.length === 1 && ids[0] === "has_website") return same("replaces all saved rules");
    return breaks(`after PATCH the rules are ${ids.join(", ") || "none"} (expected has_website only)`);
  },
});

const invalidRuleCheck = writeCheck({
  item: "400 for an invalid rule",
  spec: "400 {statusCode, message, error}; message names rules[index]",
  emulatorReading: "400 {statusCode, message, error, issues[{path, message}]}; message names rules[1]",
  async observe(ctx, probe) {
    const res = await ctx.http.send("PATCH", `/strategies/${probe.id}`, {
      body: {
        rules: [
          { rule: "has_website", dealbreaker: false },
          { rule: "liquidity_usd", dealbreaker: false, value: "not a number rule" },
        ],
      },
    });
    if (res.status < 300) return differs(`accepted a numeric rule carrying value (${res.status})`);
    if (res.status !== 400) return differs(`answered ${res.status}: ${describeBody(res)}`);
    const body = res.json as Record<string, unknown> | undefined;
    const issues = body?.issues;
    const issuesLayout =
      Array.isArray(issues) &&
      issues.every(
        (i) =>
          typeof (i as Record<string, unknown>)?.path === "string" &&
          typeof (i as Record<string, unknown>)?.message === "string",
      );
    const layout = isErrorBody(body)
      ? issuesLayout
        ? "{statusCode, message, error, issues[{path, message}]}"
        : keysOf(body)
      : keysOf(body);
    const message = Array.isArray(body?.message) ? body.message.join("; ") : String(body?.message ?? "");
    const names = message.includes("rules[1]");
    const naming = names
      ? "message names rules[1]"
      : res.text.includes("rules[1]")
        ? "message does not name rules[1], the body elsewhere does"
        : `nothing names rules[1]: ${describeBody(res)}`;
    const observed = `400 ${layout}; ${naming}`;
    return isErrorBody(body) && issuesLayout && names ? same(observed) : differs(observed);
  },
});

const devWriteAnswersCheck = writeCheck({
  item: "developer write answers",
  spec: "not shown (confirmation)",
  emulatorReading: "update → {success, developer}; tags → {success, tagIds}",
  async observe(ctx) {
    const list = await ctx.http.send("GET", "/devs/my", { query: { isActive: "true", limit: "1" } });
    const dev = (list.json as { developers?: Array<{ address?: unknown }> })?.developers?.[0];
    if (list.status !== 200 || typeof dev?.address !== "string")
      return notObservable("no active followed developer to rewrite unchanged");
    const address = encodeURIComponent(dev.address);
    const tags = await ctx.http.send("GET", `/devs/${address}/tags`);
    const tagIds = (tags.json as { tagIds?: unknown })?.tagIds;
    if (tags.status !== 200 || !Array.isArray(tagIds))
      return notObservable(`GET /devs/:address/tags answered ${tags.status}`);
    // Both writes repeat the developer's current state, so nothing changes in the account.
    const update = await ctx.http.send("PUT", `/devs/${address}/update`, { body: { isActive: true } });
    const setTags = await ctx.http.send("PUT", `/devs/${address}/tags`, { body: { tagIds } });
    if (update.status >= 300 || setTags.status >= 300)
      return breaks(
        `update answered ${update.status}, tags ${setTags.status}: ${describeBody(update.status >= 300 ? update : setTags)}`,
      );
    const observed = `update → ${keysOf(update.json ?? {})}; tags → ${keysOf(setTags.json ?? {})}`;
    const u = update.json as Record<string, unknown> | undefined;
    const t = setTags.json as Record<string, unknown> | undefined;
    const likeEmulator =
      typeof u?.developer === "object" &&
      u?.developer !== null &&
      Array.isArray(t?.tagIds) &&
      u?.success === true;
    return likeEmulator ? same(observed) : differs(observed);
  },
});

export const writeProbeChecks: Check[] = [
  sweepCheck,
  createCheck,
  patchReplacesCheck,
  invalidRuleCheck,
  lengthLimitsCheck,
  devWriteAnswersCheck,
];
