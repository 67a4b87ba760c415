/** Readable, unique names for generated resources and variables. */
import { StrategyAlertsError } from "../../provider/model/errors";
import type { ResourceKind } from "../../provider/model/kinds";
import type { AccountSnapshot } from "./read-account";

/** An identifier for a readable name: `Safety first!` → `safetyFirst`. */
function identifierFor(name: string, fallback: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  if (words.length === 0) return fallback;
  const id = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join("");
  return /^[0-9]/.test(id) || RESERVED.has(id) ? `${fallback}${id[0]!.toUpperCase()}${id.slice(1)}` : id;
}

/** A Pulumi resource name for a readable name: `Safety first!` → `safety-first`. */
export function slugFor(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
}

// Words that cannot name a variable, globals a declaration must not shadow, and the names the
// generated program itself uses, in every language import writes (TypeScript, Go, Python): one
// set of variables serves them all.
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof new null return super switch this throw true try " +
    "typeof var void while with yield let static implements interface package private protected public " +
    "await async arguments eval undefined globalThis require module exports " +
    "sa pulumi config developerTags microblogTags activation webhook tagId " +
    // Go: keywords, predeclared names, and the names its generated program uses.
    "chan defer fallthrough func go goto map range select struct type bool byte complex64 " +
    "complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 " +
    "uint32 uint64 uintptr iota nil append cap clear close complex copy imag len make max min " +
    "panic print println real recover any comparable main ctx err cfg fmt strings portfolio " +
    // Python: keywords, soft keywords, builtins a reader would miss, and the program's names.
    "False None True and as assert def del elif except from global is lambda nonlocal not or " +
    "pass raise match _ dict list str float set id input object filter sum open format hash " +
    "iter next vars dir help"
  ).split(" "),
);

export interface Named {
  /** The Pulumi resource name (unique in the program). */
  resource: string;
  /** The variable holding the resource (unique in the program). */
  variable: string;
}

/** Long enough to read, short enough that a declaration's first line fits 80 columns. */
const MAX_SLUG = 32;

function shortSlug(label: string): string {
  const slug = slugFor(label);
  if (slug.length <= MAX_SLUG) return slug;
  const cut = slug.slice(0, MAX_SLUG + 1);
  const end = cut.lastIndexOf("-");
  return end > 0 ? cut.slice(0, end) : slug.slice(0, MAX_SLUG);
}

/** Two of the program's fixed names are the same: a fault in the generator, not in the account. */
export class NameClashError extends StrategyAlertsError {}

/**
 * Every resource name and variable of one generated program. Dynamic resources all share one
 * type, so their URNs differ only by name: a name is unique across the whole program, not per
 * kind, and so is a variable. Uniqueness holds by construction: a name or variable already
 * claimed gets a counter until it is free, whatever the labels are.
 */
export class NameRegistry {
  private readonly resources = new Set<string>();
  private readonly variables = new Set<string>();

  /** Claims `resource` as given (the program's fixed names: `webhook`, `active-strategies`). */
  fixed(resource: string, variable: string): Named {
    if (this.resources.has(resource) || this.variables.has(variable))
      throw new NameClashError(
        `${resource} is claimed twice: a fixed name of the generated program is taken`,
      );
    this.resources.add(resource);
    this.variables.add(variable);
    return { resource, variable };
  }

  /**
   * Names for items from their readable labels. A label several items share gets each item's own
   * discriminator (an id or address prefix) appended, so a name never depends on the other items'
   * order and stays the same on every import of the same account.
   */
  allocate(items: readonly { label: string; discriminator: string }[], kind: string): Named[] {
    const base = items.map((i) => {
      const slug = shortSlug(i.label);
      return slug === ""
        ? `${kind}-${slugFor(i.discriminator)}`
        : `${kind === "strategy" ? "" : `${kind}-`}${slug}`;
    });
    const counts = new Map<string, number>();
    for (const b of base) counts.set(b, (counts.get(b) ?? 0) + 1);
    return items.map((item, i) => {
      const b = base[i]!;
      const wanted = counts.get(b)! > 1 || this.resources.has(b) ? `${b}-${slugFor(item.discriminator)}` : b;
      const resource = this.free(wanted, this.resources, (n) => `${wanted}-${n}`);
      const variableBase = identifierFor(resource, kind);
      const variable = this.free(variableBase, this.variables, (n) => `${variableBase}${n}`);
      return { resource, variable };
    });
  }

  /** A name derived from one already claimed (`dev-alice-tags` for `dev-alice`). */
  derived(from: Named, suffix: string): Named {
    const wanted = `${from.resource}-${suffix}`;
    const resource = this.free(wanted, this.resources, (n) => `${wanted}-${n}`);
    const variableBase = identifierFor(resource, "resource");
    return { resource, variable: this.free(variableBase, this.variables, (n) => `${variableBase}${n}`) };
  }

  private free(wanted: string, taken: Set<string>, numbered: (n: number) => string): string {
    let candidate = wanted;
    for (let n = 2; taken.has(candidate) || (taken === this.variables && RESERVED.has(candidate)); n++)
      candidate = numbered(n);
    taken.add(candidate);
    return candidate;
  }
}

/** The fixed names of the resources an account has once at most. */
const WEBHOOK_NAME = "webhook";
const ACTIVATION_NAME = "active-strategies";

/** What names one kind's resources: a map by the object's id (or address), or one name. */
interface NamesOfKind {
  FollowedDeveloper: Map<string, Named>;
  /** The DeveloperTags resource of each developer with tags, by address. */
  DeveloperTags: Map<string, Named>;
  /** By strategy id. */
  Strategy: Map<string, Named>;
  Webhook: Named;
  StrategyActivation: Named;
}

/**
 * The names of every resource an import declares, shared by every output format, by kind: a kind
 * missing from NamesOfKind does not compile.
 */
export type ProgramNames = { readonly [K in ResourceKind]: NamesOfKind[K] };

export function programNames(snapshot: AccountSnapshot): ProgramNames {
  const registry = new NameRegistry();
  const webhook = registry.fixed(WEBHOOK_NAME, "webhook");
  const activation = registry.fixed(ACTIVATION_NAME, "activation");
  const devs = snapshot.developers;
  const devNames = registry.allocate(
    devs.map((d) => ({ label: d.alias ?? "", discriminator: d.address.slice(0, 8) })),
    "dev",
  );
  const strategyNames = registry.allocate(
    snapshot.strategies.map((s) => ({ label: s.name, discriminator: s.id.slice(0, 8) })),
    "strategy",
  );
  const developers = new Map(devs.map((d, i) => [d.address, devNames[i]!]));
  const developerTags = new Map<string, Named>();
  for (const d of devs) {
    if (d.tagIds.length > 0)
      developerTags.set(d.address, registry.derived(developers.get(d.address)!, "tags"));
  }
  const strategies = new Map(snapshot.strategies.map((s, i) => [s.id, strategyNames[i]!]));
  return {
    FollowedDeveloper: developers,
    DeveloperTags: developerTags,
    Strategy: strategies,
    Webhook: webhook,
    StrategyActivation: activation,
  };
}
