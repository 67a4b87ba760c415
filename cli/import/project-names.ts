/**
 * The names a generated project carries, derived from the folder it is written to (or --name):
 * each tool that reads one has its own rules, and a folder's name may break any of them
 * (`go`, `fmt`, `typescript`, `strategy-alerts`, a name with no Latin letter at all).
 */
import { slugFor } from "./names";

/** Suffix that takes a name out of a word a tool keeps for itself. */
const SUFFIX = "-portfolio";

/** The project name when the folder's name has no letter or digit to keep (`日本語`, `---`). */
const FALLBACK = "strategy-portfolio";

/** Pulumi refuses a project name longer than this (`project names are limited to 100 characters`). */
const MAX_PROJECT_NAME = 100;

/**
 * Project names whose config namespace is taken: `strategy-alerts:` holds the provider's own
 * settings (apiKey, baseUrl), `pulumi:` the engine's; a project so named would mix the program's
 * keys (`webhookUrl`) into them.
 */
const TAKEN_NAMESPACES = new Set(["strategy-alerts", "pulumi"]);

/**
 * The npm packages a generated package.json depends on: npm refuses to install a package into a
 * project of the same name (ENOSELF).
 */
const NPM_DEPENDENCIES = new Set(["pulumi-strategy-alerts", "typescript", "ts-node"]);

/**
 * Module paths the go command cannot build as a main module: its own words (`module go` is
 * `invalid module path "go"`; `std`, `cmd`, `all`, `tool`, `work` are package patterns) and the
 * first element of every standard-library package (`module fmt` makes `fmt` an ambiguous import
 * for the Pulumi SDK, which imports it). The integration test holds this list to `go list std`.
 */
export const GO_RESERVED_MODULE_PATHS: ReadonlySet<string> = new Set([
  ..."go toolchain std cmd all tool work builtin".split(" "),
  ..."archive bufio bytes cmp compress container context crypto database debug embed encoding errors expvar flag fmt hash html image index internal io iter log maps math mime net os path plugin reflect regexp runtime slices sort strconv strings structs sync syscall testing text time unicode unique unsafe vendor weak".split(
    " ",
  ),
]);

/** `name`, or `name-portfolio` when `taken` holds it. */
const clear = (name: string, taken: ReadonlySet<string>): string =>
  taken.has(name) ? `${name}${SUFFIX}` : name;

/** A slug cut to `max` characters, at a word's end where one is near. */
function cut(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const head = slug.slice(0, max + 1);
  const end = head.lastIndexOf("-");
  return (end > max / 2 ? head.slice(0, end) : slug.slice(0, max)).replace(/-+$/, "");
}

/**
 * The Pulumi project name: lower-case ASCII letters, digits and single hyphens (within Pulumi's
 * `[A-Za-z0-9_.-]`, 100 characters at most; the suffix only ever lengthens a short word), never a
 * namespace another party owns. Stable: a project name derives itself.
 */
export function projectSlug(requested: string): string {
  const slug = cut(slugFor(requested), MAX_PROJECT_NAME) || FALLBACK;
  return clear(slug, TAKEN_NAMESPACES);
}

/** The package.json `name` of a project: its project name, unless a dependency carries that name. */
export function npmPackageName(projectName: string): string {
  return clear(projectName, NPM_DEPENDENCIES);
}

/** The go.mod module path of a project: its project name, unless the go command keeps that word. */
export function goModulePath(projectName: string): string {
  return clear(projectName, GO_RESERVED_MODULE_PATHS);
}

/** Plain scalars a YAML reader may take for a boolean or null rather than a name. */
const YAML_KEYWORDS = new Set("true false null yes no on off y n".split(" "));

/** A bare exponent (`e36`, `e-5`): some YAML 1.1 readers take it for a float (NaN). */
const YAML_BARE_EXPONENT = /^e-?[0-9]+$/;

/**
 * A project name as Pulumi.yaml writes it: plain where YAML reads it back as text, else quoted.
 * Pulumi refuses `name: 2024` (`project is missing a non-empty string 'name' attribute`): YAML
 * reads a number there, as it reads `1e5`, `0x1f`, a date or `true` as no string.
 */
export function yamlProjectName(projectName: string): string {
  return /^[a-z][a-z0-9-]*$/.test(projectName) &&
    !YAML_KEYWORDS.has(projectName) &&
    !YAML_BARE_EXPONENT.test(projectName)
    ? projectName
    : JSON.stringify(projectName);
}
