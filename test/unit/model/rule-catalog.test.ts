import { describe, expect, it } from "vitest";
import {
  FORBIDDEN_DEALBREAKERS,
  getRuleDefinition,
  PRODUCT_GROUPS,
  RULE_CATALOG,
  RULE_IDS,
} from "../../../provider/model";

// service-api.md#rule-ids, the groups as the service lists them.
const SPEC_GROUPS: Record<string, string> = {
  security:
    "is_honeypot, is_mintable, top_10_holder_percent, dev_wallet_percent, is_lp_locked, risk_level, rugged, lp_locked_pct, has_freeze_authority, has_high_ownership, has_top10_high_ownership, has_single_holder_ownership, has_creator_rug_history, has_low_lp_providers, has_low_liquidity, creator_has_multiple_tokens, has_creator_balance, has_lockers, risk_count, token_mutable, has_transfer_fee, token_age",
  market:
    "sell_tax, buy_tax, liquidity_usd, market_cap, kols, global_fees_paid, pro_traders, snipers, insiders, bundle, dev_migrations, dev_pairs_created, bonding_progress, launch_platform, is_pump, holder_count",
  volume_activity:
    "volume_24h, tx_count, num_buys, num_sells, buy_sell_ratio_window, validated_volume_spike, quality_wallet_count, quality_wallet_total_value, quality_wallet_min_winrate",
  clusters: "coordinated_wallet_cluster",
  socials:
    "has_website, has_messenger, has_microblog, at_least_one_social, website_has_ca, website_contains_token_name, microblog_link_has_ca, microblog_link_contains_token_name, microblog_effective_views, community_member_count, community_views_count, microblog_effective_followers",
  ai: "website_content_validation_score, microblog_content_validation_score",
};

describe("rule catalog", () => {
  it("holds exactly the documented rule ids, each in its product group", () => {
    const expected = Object.entries(SPEC_GROUPS).flatMap(([group, ids]) =>
      ids.split(", ").map((id) => [id, group]),
    );
    expect(RULE_IDS.map((id) => [id, RULE_CATALOG[id].group]).sort()).toEqual(expected.sort());
  });

  it("names the product groups as the spec does", () => {
    expect(PRODUCT_GROUPS.map((g) => g.name)).toEqual([
      "Security",
      "Market",
      "Volume/Activity",
      "Clusters",
      "Socials",
      "AI",
    ]);
  });

  it("keeps the kinds the spec states", () => {
    const kinds = (ids: string[]) => ids.map((id) => getRuleDefinition(id)?.kind);
    expect(kinds(["is_honeypot", "has_freeze_authority", "has_website", "has_microblog"])).toEqual(
      Array(4).fill("boolean"),
    );
    expect(
      kinds(["liquidity_usd", "market_cap", "dev_wallet_percent", "website_content_validation_score"]),
    ).toEqual(Array(4).fill("numeric"));
    expect(kinds(["risk_level", "launch_platform"])).toEqual(["enum", "enum"]);
    const objectRules = [
      "volume_24h",
      "buy_sell_ratio_window",
      "validated_volume_spike",
      "quality_wallet_count",
      "quality_wallet_total_value",
      "quality_wallet_min_winrate",
      "coordinated_wallet_cluster",
    ];
    expect(RULE_IDS.filter((id) => RULE_CATALOG[id].kind === "object").sort()).toEqual(objectRules.sort());
  });

  it("classifies the unclassified ids by meaning", () => {
    for (const id of ["risk_count", "holder_count", "snipers", "kols", "tx_count", "token_age"]) {
      expect(getRuleDefinition(id)?.kind, id).toBe("numeric");
    }
    for (const id of ["token_mutable", "is_pump", "has_transfer_fee", "rugged", "website_has_ca"]) {
      expect(getRuleDefinition(id)?.kind, id).toBe("boolean");
    }
  });

  it("stores flaws that must be absent as false and features that must be present as true", () => {
    const stored = (id: string) => {
      const def = getRuleDefinition(id);
      return def?.kind === "boolean" ? def.storedValue : undefined;
    };
    for (const id of ["is_honeypot", "is_mintable", "rugged", "has_freeze_authority", "token_mutable"]) {
      expect(stored(id), id).toBe(false);
    }
    for (const id of ["has_website", "is_lp_locked", "has_lockers", "has_microblog", "website_has_ca"]) {
      expect(stored(id), id).toBe(true);
    }
  });

  it("measures token_age in minutes and money in usd", () => {
    const unit = (id: string) => {
      const def = getRuleDefinition(id);
      return def?.kind === "numeric" ? def.unit : undefined;
    };
    expect(unit("token_age")).toBe("minutes");
    expect(unit("liquidity_usd")).toBe("usd");
    expect(unit("top_10_holder_percent")).toBe("percent");
  });

  it("maps every forbidden dealbreaker display name to a rule id that disallows dealbreaker", () => {
    expect(Object.keys(FORBIDDEN_DEALBREAKERS)).toHaveLength(14);
    for (const id of Object.values(FORBIDDEN_DEALBREAKERS)) {
      expect(RULE_CATALOG[id].dealbreakerAllowed, id).toBe(false);
    }
    const allowed = RULE_IDS.filter((id) => RULE_CATALOG[id].dealbreakerAllowed);
    expect(allowed).toHaveLength(RULE_IDS.length - 14);
  });

  it("returns undefined for unknown ids, including inherited property names", () => {
    expect(getRuleDefinition("foo")).toBeUndefined();
    expect(getRuleDefinition("toString")).toBeUndefined();
    expect(getRuleDefinition("__proto__")).toBeUndefined();
  });
});
