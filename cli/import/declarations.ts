/**
 * An account snapshot → the resources a program declares to adopt all of it, independent of the
 * language it is written in: every resource with its name, the inputs that declare exactly the
 * state the account holds (so the first `pulumi up` changes nothing), the id `pulumi import`
 * reads it by, and references between resources where one input names another's object.
 */

import type { ResourceKind } from "../../provider/model/kinds";
import { printableText } from "../../provider/model/printable-text";
import { STRATEGY_FIELDS, type Strategy, type TriggerConfigs } from "../../provider/model/strategy";
import { TAG_TRIGGERS } from "../../provider/model/triggers";
import { maskUrl } from "../../provider/model/url-credentials";
import { ACTIVATION_IMPORT_ID } from "../../provider/runtime/strategy-activation";
import { declaredFromLive } from "../../provider/runtime/strategy-live-inputs";
import { WEBHOOK_ID } from "../../provider/runtime/webhook";
import { type Named, type ProgramNames, programNames } from "./names";
import { plainFields } from "./plain-fields";
import type { AccountSnapshot } from "./read-account";

/** An input that is another resource's output (`dev.address`, `strategy.strategyId`). */
export class Ref {
  constructor(
    readonly target: Named,
    readonly property: string,
  ) {}
}

/** A tag id the program may look up by the tag's name (the name identifies the tag). */
export class TagRef {
  constructor(
    readonly kind: "developer" | "microblog",
    readonly id: string,
    readonly name: string,
  ) {}
}

/** A secret the user sets in stack config (`pulumi config set --secret <key>`); never its value. */
export interface SecretInput {
  key: string;
  /** What to paste and where to find it. */
  what: string;
}

/** The value of a secret config key of the project (read with `config.requireSecret`). */
export class SecretConfig {
  constructor(readonly secret: SecretInput) {}
}

export interface Declaration {
  kind: ResourceKind;
  name: Named;
  /** Declared inputs, with the property names of the resource's inputs. */
  args: Record<string, unknown>;
  /** The id `pulumi import` and the plugin's read take for this object. */
  importId: string;
  /** Another declaration refers to this one (a program needs a variable for it). */
  referenced: boolean;
  /**
   * Why an input is set as it is, for a comment above the declaration: fixed text, or account
   * text only as `printableText` shows it (one line, every hidden character an escape).
   */
  note?: string;
  /** Printed in the block of the declaration before it, as a developer's tags go with the developer. */
  withPrevious?: true;
}

export interface AccountDeclarations {
  resources: Declaration[];
  /** Config secrets the program reads. */
  secrets: SecretInput[];
  /** What the import could not read exactly; each names the strategy and what to check. */
  warnings: string[];
}

/** The project config key the webhook URL is read from when it carries credentials. */
export const WEBHOOK_URL_KEY = "webhookUrl";

/** The key order of a rule item: what it is, then how it is set. */
const RULE_KEY_ORDER = [
  "rule",
  "dealbreaker",
  "enabled",
  "operator",
  "value",
  "min",
  "max",
  "config",
  "clusterConfig",
];

/** The key order of a strategy's arguments: what adopts it, then the declared fields in their order. */
const STRATEGY_KEY_ORDER = ["adopt", ...STRATEGY_FIELDS];

/** What a declarer reads, and where it says what the program must be told. */
interface DeclaringContext {
  snapshot: AccountSnapshot;
  names: ProgramNames;
  tagRef: TagReference;
  warnings: string[];
  secrets: SecretInput[];
}

type Declarer = (c: DeclaringContext) => Declaration[];

/** A followed developer, then its tags: one declarer of both kinds. */
const developersAndTags: Declarer = (c) => declareDevelopers(c.snapshot, c.names, c.tagRef, c.warnings);

/**
 * The declarer of each kind's resources, in the order a program declares them. A kind without an
 * entry does not compile: no kind of the account is left out of an import.
 */
const DECLARED_BY: { readonly [K in ResourceKind]: Declarer } = {
  FollowedDeveloper: developersAndTags,
  DeveloperTags: developersAndTags,
  Webhook: (c) => declareWebhook(c.snapshot, c.names, c.secrets),
  Strategy: (c) => declareStrategies(c.snapshot, c.names, c.tagRef, c.warnings),
  StrategyActivation: (c) => [declareActivation(c.snapshot, c.names)],
};

export function declareAccount(snapshot: AccountSnapshot): AccountDeclarations {
  const context: DeclaringContext = {
    snapshot,
    names: programNames(snapshot),
    tagRef: tagReferences(snapshot),
    warnings: [],
    secrets: [],
  };
  // A declarer of several kinds runs once, where its first kind comes.
  const resources = [...new Set(Object.values(DECLARED_BY))].flatMap((declare) => declare(context));
  return { resources, secrets: context.secrets, warnings: context.warnings };
}

type TagReference = (id: string, kind: "developer" | "microblog") => string | TagRef;

/** A tag id as the program writes it: by name where the name identifies the tag, else the id. */
function tagReferences(snapshot: AccountSnapshot): TagReference {
  return (id, kind) => {
    const tags = kind === "developer" ? snapshot.developerTags : snapshot.microblogTags;
    const tag = tags.find((t) => t.id === id);
    if (!tag || tags.filter((t) => t.name === tag.name).length > 1) return id;
    return new TagRef(kind, id, tag.name);
  };
}

/** Every followed developer, and its tags where it has any. */
function declareDevelopers(
  snapshot: AccountSnapshot,
  names: ProgramNames,
  tagRef: TagReference,
  warnings: string[],
): Declaration[] {
  const referencedDevs = namedDevelopers(snapshot.strategies);
  const resources: Declaration[] = [];
  for (const dev of snapshot.developers) {
    const name = names.FollowedDeveloper.get(dev.address)!;
    const args: Record<string, unknown> = { address: dev.address };
    if (dev.alias) args.alias = dev.alias;
    if (dev.isActive === false) args.active = false;
    // The account holds it already: a new resource takes it only on purpose.
    args.adopt = true;
    // An alias a program may not declare is left out: the account keeps it.
    const replaced = plainFields(
      args,
      [{ key: "alias", allowLineBreaks: false }],
      `followed developer ${JSON.stringify(dev.address)}`,
    );
    warnings.push(...replaced.warnings);
    const tags = names.DeveloperTags.get(dev.address);
    resources.push({
      kind: "FollowedDeveloper",
      name,
      args,
      importId: dev.address,
      referenced: tags !== undefined || referencedDevs.has(dev.address),
      ...(replaced.note ? { note: replaced.note } : {}),
    });
    if (tags) {
      resources.push({
        kind: "DeveloperTags",
        name: tags,
        args: {
          address: new Ref(name, "address"),
          tagIds: [...dev.tagIds].sort().map((id) => tagRef(id, "developer")),
          adopt: true,
        },
        importId: dev.address,
        referenced: false,
        withPrevious: true,
      });
    }
  }
  return resources;
}

/** The webhook, when the account has a url; a url with credentials becomes a secret config key. */
function declareWebhook(
  snapshot: AccountSnapshot,
  names: ProgramNames,
  secrets: SecretInput[],
): Declaration[] {
  const { url, enabled, verifiedAt } = snapshot.webhook;
  if (!url) return [];
  const args: Record<string, unknown> = { url, enabled };
  // A url that does not even parse may be a mistyped secret: it is kept out of the code too.
  const { masked, carriesCredentials } = maskUrl(url);
  if (carriesCredentials || masked === undefined) {
    const secret = {
      key: WEBHOOK_URL_KEY,
      what:
        "the webhook URL: the one the chat service or endpoint gave you when you created the " +
        "webhook (its settings page shows it again), as the app's webhook settings hold it",
    };
    secrets.push(secret);
    args.url = new SecretConfig(secret);
  }
  // An unverified url would fail the default requireVerified: true on the first `up`.
  if (!verifiedAt) args.requireVerified = false;
  args.adopt = true;
  return [
    {
      kind: "Webhook",
      name: names.Webhook,
      args,
      importId: WEBHOOK_ID,
      referenced: false,
      ...(verifiedAt ? {} : { note: "The url is not verified yet: it does not answer the handshake." }),
    },
  ];
}

/** Every strategy, adopted by id, with its inputs in the declared order. */
function declareStrategies(
  snapshot: AccountSnapshot,
  names: ProgramNames,
  tagRef: TagReference,
  warnings: string[],
): Declaration[] {
  return snapshot.strategies.map((s) => {
    const live = declaredFromLive(s);
    const args: Record<string, unknown> = {
      adopt: s.id,
      ...live,
      rules: (live.rules as object[]).map((r) => orderKeys(r)),
    };
    const configs = triggerConfigs(s, live.triggers, live.triggerConfigs, warnings, tagRef, (address) => {
      const dev = names.FollowedDeveloper.get(address);
      return dev ? new Ref(dev, "address") : address;
    });
    if (configs) args.triggerConfigs = configs;
    else delete args.triggerConfigs;
    const replaced = plainFields(args, textFields(s.id), `strategy ${JSON.stringify(s.name)} (${s.id})`);
    warnings.push(...replaced.warnings);
    return {
      kind: "Strategy",
      name: names.Strategy.get(s.id)!,
      args: orderKeys(args, STRATEGY_KEY_ORDER),
      importId: s.id,
      referenced: s.isActive,
      ...(replaced.note ? { note: replaced.note } : {}),
    };
  });
}

/** A strategy's text fields, and what stands in for one with nothing visible left. */
function textFields(id: string) {
  return [
    {
      key: "name",
      allowLineBreaks: false,
      standIn: {
        value: `Strategy ${printableText(id)}`,
        effect: "the first `pulumi up` renames the strategy",
      },
    },
    {
      key: "description",
      allowLineBreaks: true,
      standIn: { value: null, effect: "the first `pulumi up` clears it" },
    },
  ];
}

/** The activation: the strategies active now, by reference. */
function declareActivation(snapshot: AccountSnapshot, names: ProgramNames): Declaration {
  return {
    kind: "StrategyActivation",
    name: names.StrategyActivation,
    args: {
      strategyIds: snapshot.strategies.flatMap((s) =>
        s.isActive ? [new Ref(names.Strategy.get(s.id)!, "strategyId")] : [],
      ),
    },
    importId: ACTIVATION_IMPORT_ID,
    referenced: true,
    note: "The strategies active now: add an id to activate a strategy, remove it to deactivate it.",
  };
}

/**
 * The declared trigger configs, tag ids looked up by name where the name identifies the tag and
 * a developer named by a followed developer's resource. A service that does not return configs
 * gets `tagId: "all"` for the tag triggers that need one, with a warning.
 */
function triggerConfigs(
  s: Strategy,
  triggers: string[],
  returned: Record<string, Record<string, unknown>> | undefined,
  warnings: string[],
  tagRef: (id: string, kind: "developer" | "microblog") => unknown,
  devRef: (address: string) => unknown,
): Record<string, unknown> | undefined {
  let configs: Record<string, Record<string, unknown>> = returned ?? {};
  if ((s as { triggerConfigs?: unknown }).triggerConfigs === undefined) {
    configs = {};
    for (const t of triggers.filter((t) => (TAG_TRIGGERS as readonly string[]).includes(t))) {
      configs[t] = { tagId: "all" };
      warnings.push(
        `strategy ${JSON.stringify(s.name)} (${s.id}): the service did not return its trigger configs; ` +
          `triggerConfigs.${t}.tagId is written as "all": set the tag it uses before the first \`pulumi up\`.`,
      );
    }
  }
  const out: Record<string, unknown> = {};
  for (const [trigger, config] of Object.entries(configs)) {
    if (!triggers.includes(trigger)) continue;
    const entry: Record<string, unknown> = { ...config };
    if (typeof config.tagId === "string" && config.tagId !== "all")
      entry.tagId = tagRef(
        config.tagId,
        trigger === "followed_dev_new_token_created" ? "developer" : "microblog",
      );
    if (typeof config.developerAddress === "string") entry.developerAddress = devRef(config.developerAddress);
    out[trigger] = entry;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Addresses that a followed-developer trigger config of some strategy names. */
function namedDevelopers(strategies: readonly Strategy[]): Set<string> {
  const out = new Set<string>();
  for (const s of strategies) {
    const configs = (s as { triggerConfigs?: TriggerConfigs | null }).triggerConfigs;
    const config = configs?.followed_dev_new_token_created as { developerAddress?: unknown } | undefined;
    const address = config?.developerAddress;
    if (typeof address === "string") out.add(address);
  }
  return out;
}

function orderKeys(item: object, order: readonly string[] = RULE_KEY_ORDER): Record<string, unknown> {
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const entries = Object.entries(item).sort(([a], [b]) => rank(a) - rank(b));
  return Object.fromEntries(entries);
}
