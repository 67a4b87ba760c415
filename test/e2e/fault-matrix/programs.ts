import type { Door, TeamA } from "./cells";

/**
 * Team A's and team B's programs, through either door, from a declaration. Both teams share one
 * account: their strategies are named "A …" and "B …", their developers are addresses of their
 * own; the webhook (one per account) is team A's.
 */

export const HOOK_URLS = ["http://127.0.0.1:9/alerts-one", "http://127.0.0.1:9/alerts-two"] as const;

/** A developer address of a team: EVM style, the team's letter and the index, never reused. */
export function addressOf(team: "a" | "b", n: number): string {
  return `0x${team.repeat(32)}${n.toString(16).padStart(8, "0")}`;
}

export interface Decl {
  strategies: { key: string; name: string; min: number }[];
  active: string[] | null;
  hook: string | null;
  dev: { address: string; alias: string } | null;
  tags: string[] | null;
}

/** Team A's declaration as resources. */
export function declOfA(a: TeamA, tagIds: readonly string[]): Decl {
  return {
    strategies: [
      { key: "a0", name: "A keep 0", min: 1000 },
      { key: "a1", name: "A keep 1", min: 1100 },
      ...(a.x === null ? [] : [{ key: "x", name: "A extra", min: a.x === 1 ? 5000 : 6000 }]),
    ],
    active: a.active === null ? null : a.active === 1 ? ["a0"] : ["a0", "a1"],
    hook: a.hook === null ? null : HOOK_URLS[a.hook - 1]!,
    dev:
      a.dev === null ? null : { address: addressOf("a", a.dev.n), alias: `team a launcher ${a.dev.alias}` },
    tags: a.tags === null ? null : tagIds.slice(0, a.tags),
  };
}

/** Team B's fixed declaration: the objects a cell must leave exactly as they are. */
export function declOfB(tagIds: readonly string[]): Decl {
  return {
    strategies: [
      { key: "b0", name: "B keep 0", min: 2000 },
      { key: "b1", name: "B keep 1", min: 2100 },
    ],
    active: ["b0"],
    hook: null,
    dev: { address: addressOf("b", 0), alias: "team b launcher" },
    tags: tagIds.slice(1, 2),
  };
}

/** The resource name of a team's object (team A's: a-x, a-active, a-hook, a-dev, a-tags). */
const res = (team: string, key: string) => `${team}-${key}`;

export function tsProgram(team: "a" | "b", d: Decl): string {
  const lines = ['import * as sa from "pulumi-strategy-alerts";'];
  for (const s of d.strategies)
    lines.push(
      `const ${s.key} = new sa.Strategy(${JSON.stringify(res(team, s.key))}, { name: ${JSON.stringify(s.name)}, triggers: ["new_token_created"], rules: [{ rule: "liquidity_usd", dealbreaker: true, min: ${s.min} }] });`,
    );
  if (d.active)
    lines.push(
      `new sa.StrategyActivation(${JSON.stringify(res(team, "active"))}, { strategyIds: [${d.active.map((k) => `${k}.strategyId`).join(", ")}] });`,
    );
  if (d.hook)
    lines.push(
      `new sa.Webhook(${JSON.stringify(res(team, "hook"))}, { url: ${JSON.stringify(d.hook)}, enabled: true, requireVerified: false });`,
    );
  if (d.dev) {
    lines.push(
      `const dev = new sa.FollowedDeveloper(${JSON.stringify(res(team, "dev"))}, { address: ${JSON.stringify(d.dev.address)}, alias: ${JSON.stringify(d.dev.alias)} });`,
    );
    if (d.tags)
      lines.push(
        `new sa.DeveloperTags(${JSON.stringify(res(team, "tags"))}, { address: dev.address, tagIds: ${JSON.stringify(d.tags)} });`,
      );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The same declaration as a YAML program's resources (after the header the door's fixture adds);
 * `provider` names an explicit provider resource every resource uses, else the default provider.
 */
export function yamlProgram(project: string, team: "a" | "b", d: Decl, provider?: string): string {
  const opts = provider ? `    options:\n      provider: \${${provider}}\n` : "";
  const out: string[] = [`name: ${project}`, "runtime: yaml"];
  // An explicit provider reads the key and URL from the project's config (EXPLICIT_CONFIG).
  if (provider)
    out.push(
      "config:",
      "  teamKey:",
      "    type: string",
      "    secret: true",
      "  teamUrl:",
      "    type: string",
      "resources:",
      `  ${provider}:`,
      "    type: pulumi:providers:strategy-alerts",
      "    properties:",
      `      apiKey: \${teamKey}`,
      `      baseUrl: \${teamUrl}`,
    );
  else out.push("resources:");
  for (const s of d.strategies)
    out.push(
      `  ${res(team, s.key)}:`,
      "    type: strategy-alerts:index:Strategy",
      "    properties:",
      `      name: ${s.name}`,
      "      triggers: [new_token_created]",
      `      rules: [{ rule: liquidity_usd, dealbreaker: true, min: ${s.min} }]`,
      opts.trimEnd(),
    );
  if (d.active)
    out.push(
      `  ${res(team, "active")}:`,
      "    type: strategy-alerts:index:StrategyActivation",
      "    properties:",
      `      strategyIds: [${d.active.map((k) => `\${${res(team, k)}.strategyId}`).join(", ")}]`,
      opts.trimEnd(),
    );
  if (d.hook)
    out.push(
      `  ${res(team, "hook")}:`,
      "    type: strategy-alerts:index:Webhook",
      "    properties:",
      `      url: ${d.hook}`,
      "      enabled: true",
      "      requireVerified: false",
      opts.trimEnd(),
    );
  if (d.dev) {
    out.push(
      `  ${res(team, "dev")}:`,
      "    type: strategy-alerts:index:FollowedDeveloper",
      "    properties:",
      `      address: "${d.dev.address}"`,
      `      alias: ${d.dev.alias}`,
      opts.trimEnd(),
    );
    if (d.tags)
      out.push(
        `  ${res(team, "tags")}:`,
        "    type: strategy-alerts:index:DeveloperTags",
        "    properties:",
        `      address: \${${res(team, "dev")}.address}`,
        `      tagIds: [${d.tags.map((t) => `"${t}"`).join(", ")}]`,
        opts.trimEnd(),
      );
  }
  return `${out.filter((l) => l !== "").join("\n")}\n`;
}

/** The project config keys an explicit provider of yamlProgram reads. */
export const EXPLICIT_CONFIG = { key: "teamKey", url: "teamUrl" } as const;

export function programFor(door: Door, project: string, team: "a" | "b", d: Decl, provider?: string): string {
  return door === "TypeScript" ? tsProgram(team, d) : yamlProgram(project, team, d, provider);
}
