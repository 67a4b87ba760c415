/** Readable, unique names for generated resources and variables. */

/** An identifier for a readable name: `Safety first!` → `safetyFirst`. */
export function identifierFor(name: string, fallback: string): string {
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

// Words that cannot name a variable, plus names the generated program itself uses.
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof new null return super switch this throw true try " +
    "typeof var void while with yield let static implements interface package private protected public " +
    "await async arguments eval sa pulumi developerTags microblogTags activation webhook tagId"
  ).split(" "),
);

export interface Named {
  /** The Pulumi resource name (unique in the program). */
  resource: string;
  /** The variable holding the resource (unique in the program). */
  variable: string;
}

/**
 * Names for items from their readable labels. A label several items share gets each item's own
 * discriminator (an id or address prefix) appended, so a name never depends on the other items'
 * order and stays the same on every import of the same account.
 */
/** Long enough to read, short enough that a declaration's first line fits 80 columns. */
const MAX_SLUG = 32;

function shortSlug(label: string): string {
  const slug = slugFor(label);
  if (slug.length <= MAX_SLUG) return slug;
  const cut = slug.slice(0, MAX_SLUG + 1);
  const end = cut.lastIndexOf("-");
  return end > 0 ? cut.slice(0, end) : slug.slice(0, MAX_SLUG);
}

export function allocateNames(
  items: readonly { label: string; discriminator: string }[],
  kind: string,
  taken: Set<string> = new Set(),
): Named[] {
  const base = items.map((i) => {
    const slug = shortSlug(i.label);
    return slug === ""
      ? `${kind}-${slugFor(i.discriminator)}`
      : `${kind === "strategy" ? "" : `${kind}-`}${slug}`;
  });
  const counts = new Map<string, number>();
  for (const b of base) counts.set(b, (counts.get(b) ?? 0) + 1);
  const names = items.map((item, i) => {
    const b = base[i]!;
    const resource = counts.get(b)! > 1 || taken.has(b) ? `${b}-${slugFor(item.discriminator)}` : b;
    return { resource, variable: identifierFor(resource, kind) };
  });
  for (const n of names) taken.add(n.resource);
  return names;
}
