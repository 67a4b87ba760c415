import { WebhookReceiver } from "../../support/webhook-receiver";
import type { Door, TeamA } from "./cells";

/**
 * Team A's and team B's programs, through either door, from a declaration. Both teams share one
 * account: their strategies are named "A …" and "B …", their developers are addresses of their
 * own; the webhook (one per account) is team A's.
 */

/**
 * The webhook's two urls, on a receiver that answers the verification handshake: a webhook its
 * resource saw verified is one its delete can prove it wrote (an unverified one is left in place),
 * so the cells that delete or replace it meet the write they fault.
 */
let receiver: WebhookReceiver | undefined;

export async function startHookReceiver(): Promise<void> {
  receiver ??= await new WebhookReceiver("echo").start();
}

export async function stopHookReceiver(): Promise<void> {
  await receiver?.close();
  receiver = undefined;
}

export function hookUrl(n: 1 | 2): string {
  if (receiver === undefined)
    throw new Error("startHookReceiver() first: the webhook's urls are the receiver's");
  return `${receiver.url}/alerts-${n === 1 ? "one" : "two"}`;
}

/** A developer address of a team: EVM style, the team's letter and the index, never reused. */
export function addressOf(team: "a" | "b", n: number): string {
  return `0x${team.repeat(32)}${n.toString(16).padStart(8, "0")}`;
}

export interface Decl {
  strategies: { key: string; name: string; min: number }[];
  active: string[] | null;
  hook: string | null;
  dev: { address: string; alias: string; active?: boolean } | null;
  tags: string[] | null;
  /** Literal strategy ids the activation holds besides the team's own (another team's). */
  extraActiveIds?: string[];
  /** Tags the team sets on an address it does not follow (another team's developer). */
  foreignTags?: { address: string; tagIds: string[] };
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
    hook: a.hook === null ? null : hookUrl(a.hook),
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

/** How a declaration is written: resource names, aliases to earlier names, an explicit provider. */
export interface RenderOptions {
  /** Appended to every resource name (a rename). */
  suffix?: string;
  /** Earlier URNs of a resource, by its key (a0, active, hook, dev, tags). */
  aliases?: Record<string, string[]>;
  /** YAML only: an explicit provider resource of this name, which every resource uses. */
  provider?: string;
}

/** The resource name of a team's object (team A's: a-x, a-active, a-hook, a-dev, a-tags). */
export const resourceName = (team: string, key: string, o: RenderOptions = {}) =>
  `${team}-${key}${o.suffix ?? ""}`;

function tsOptions(key: string, o: RenderOptions): string {
  const aliases = o.aliases?.[key];
  return aliases ? `, { aliases: ${JSON.stringify(aliases)} }` : "";
}

function tsProgram(team: "a" | "b", d: Decl, o: RenderOptions = {}): string {
  if (o.provider) throw new Error("the TypeScript door has no explicit provider resource");
  const name = (key: string) => JSON.stringify(resourceName(team, key, o));
  const lines = ['import * as sa from "pulumi-strategy-alerts";'];
  for (const s of d.strategies)
    lines.push(
      `const ${s.key} = new sa.Strategy(${name(s.key)}, { name: ${JSON.stringify(s.name)}, triggers: ["new_token_created"], rules: [{ rule: "liquidity_usd", dealbreaker: true, min: ${s.min} }] }${tsOptions(s.key, o)});`,
    );
  if (d.active)
    lines.push(
      `new sa.StrategyActivation(${name("active")}, { strategyIds: [${[...d.active.map((k) => `${k}.strategyId`), ...(d.extraActiveIds ?? []).map((id) => JSON.stringify(id))].join(", ")}] }${tsOptions("active", o)});`,
    );
  if (d.hook)
    lines.push(
      `new sa.Webhook(${name("hook")}, { url: ${JSON.stringify(d.hook)}, enabled: true, requireVerified: false }${tsOptions("hook", o)});`,
    );
  if (d.dev) {
    const active = d.dev.active === false ? ", active: false" : "";
    lines.push(
      `const dev = new sa.FollowedDeveloper(${name("dev")}, { address: ${JSON.stringify(d.dev.address)}, alias: ${JSON.stringify(d.dev.alias)}${active} }${tsOptions("dev", o)});`,
    );
    if (d.tags)
      lines.push(
        `new sa.DeveloperTags(${name("tags")}, { address: dev.address, tagIds: ${JSON.stringify(d.tags)} }${tsOptions("tags", o)});`,
      );
  }
  if (d.foreignTags)
    lines.push(
      `new sa.DeveloperTags(${name("foreign-tags")}, { address: ${JSON.stringify(d.foreignTags.address)}, tagIds: ${JSON.stringify(d.foreignTags.tagIds)} });`,
    );
  return `${lines.join("\n")}\n`;
}

/** A YAML resource's options block (provider, aliases), or nothing. */
function yamlOptions(key: string, o: RenderOptions): string[] {
  const lines: string[] = [];
  if (o.provider) lines.push(`      provider: \${${o.provider}}`);
  const aliases = o.aliases?.[key];
  if (aliases) lines.push("      aliases:", ...aliases.map((urn) => `        - ${JSON.stringify(urn)}`));
  return lines.length > 0 ? ["    options:", ...lines] : [];
}

/**
 * The same declaration as a YAML program (the door's fixture adds the plugins section);
 * `o.provider` names an explicit provider resource every resource uses, else the default provider.
 */
function yamlProgram(project: string, team: "a" | "b", d: Decl, o: RenderOptions = {}): string {
  const name = (key: string) => resourceName(team, key, o);
  const out: string[] = [`name: ${project}`, "runtime: yaml"];
  // An explicit provider reads the key and URL from the project's config (EXPLICIT_CONFIG).
  if (o.provider)
    out.push(
      "config:",
      "  teamKey:",
      "    type: string",
      "    secret: true",
      "  teamUrl:",
      "    type: string",
      "resources:",
      `  ${o.provider}:`,
      "    type: pulumi:providers:strategy-alerts",
      "    properties:",
      `      apiKey: \${teamKey}`,
      `      baseUrl: \${teamUrl}`,
    );
  else out.push("resources:");
  for (const s of d.strategies)
    out.push(
      `  ${name(s.key)}:`,
      "    type: strategy-alerts:index:Strategy",
      "    properties:",
      `      name: ${s.name}`,
      "      triggers: [new_token_created]",
      `      rules: [{ rule: liquidity_usd, dealbreaker: true, min: ${s.min} }]`,
      ...yamlOptions(s.key, o),
    );
  if (d.active)
    out.push(
      `  ${name("active")}:`,
      "    type: strategy-alerts:index:StrategyActivation",
      "    properties:",
      `      strategyIds: [${[...d.active.map((k) => `"\${${name(k)}.strategyId}"`), ...(d.extraActiveIds ?? []).map((id) => `"${id}"`)].join(", ")}]`,
      ...yamlOptions("active", o),
    );
  if (d.hook)
    out.push(
      `  ${name("hook")}:`,
      "    type: strategy-alerts:index:Webhook",
      "    properties:",
      `      url: ${d.hook}`,
      "      enabled: true",
      "      requireVerified: false",
      ...yamlOptions("hook", o),
    );
  if (d.dev) {
    out.push(
      `  ${name("dev")}:`,
      "    type: strategy-alerts:index:FollowedDeveloper",
      "    properties:",
      `      address: "${d.dev.address}"`,
      `      alias: ${d.dev.alias}`,
      ...(d.dev.active === false ? ["      active: false"] : []),
      ...yamlOptions("dev", o),
    );
    if (d.tags)
      out.push(
        `  ${name("tags")}:`,
        "    type: strategy-alerts:index:DeveloperTags",
        "    properties:",
        `      address: \${${name("dev")}.address}`,
        `      tagIds: [${d.tags.map((t) => `"${t}"`).join(", ")}]`,
        ...yamlOptions("tags", o),
      );
  }
  if (d.foreignTags)
    out.push(
      `  ${name("foreign-tags")}:`,
      "    type: strategy-alerts:index:DeveloperTags",
      "    properties:",
      `      address: "${d.foreignTags.address}"`,
      `      tagIds: [${d.foreignTags.tagIds.map((t) => `"${t}"`).join(", ")}]`,
      ...yamlOptions("foreign-tags", { provider: o.provider }),
    );
  return `${out.join("\n")}\n`;
}

/** The project config keys an explicit provider of yamlProgram reads. */
export const EXPLICIT_CONFIG = { key: "teamKey", url: "teamUrl" } as const;

export function programFor(
  door: Door,
  project: string,
  team: "a" | "b",
  d: Decl,
  o: RenderOptions = {},
): string {
  return door === "TypeScript" ? tsProgram(team, d, o) : yamlProgram(project, team, d, o);
}
