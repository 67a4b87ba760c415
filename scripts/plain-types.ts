/**
 * Writes provider/model/plain-types.ts: each data type of the model that is `z.infer` of a zod
 * schema, written out as a plain TypeScript type. The package's published declarations use these,
 * so a program that imports the package (Pulumi type-checks it on every up and preview) reads no
 * declaration of zod. The compiler expands each schema's type; the schemas stay the one source.
 *
 * The file is generated, never committed (.gitignore): every build, type-check, lint and test
 * script writes it before it reads the sources (`npm run plain-types`, which rewrites it only when
 * its inputs changed: the header keeps their hash). Not an npm `prepare` script: npm 11 warns a
 * user installing the package about a `prepare` it would never run. A type test holds each plain
 * type and its schema's type mutually assignable.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const ROOT = join(__dirname, "..");
const MODEL = join(ROOT, "provider", "model");
export const PLAIN_TYPES_FILE = join(MODEL, "plain-types.ts");

/**
 * Types the public declarations name that are no schema's, but whose own declarations reach zod's
 * through the kinds' descriptors: each written out under `name`.
 */
const EXTRA: readonly { name: string; module: string; type: string }[] = [
  { name: "ResourceKind", module: "kinds/index", type: "ResourceKind" },
  { name: "TypeTokens", module: "type-tokens", type: "DynamicTokens" },
];

/** Model modules that import zod (the resource kinds' descriptors aside: their types are EXTRA). */
function zodModules(dir: string = MODEL): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "kinds") files.push(...zodModules(path));
    else if (entry.name.endsWith(".ts") && ts.sys.readFile(path)?.includes('from "zod"')) files.push(path);
  }
  return files.sort();
}

interface Entry {
  name: string;
  type: ts.Type;
  doc: string;
}

function program(extraSource: string): { checker: ts.TypeChecker; program: ts.Program; probe: string } {
  const probe = join(MODEL, "__plain-types-probe.ts");
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (file) => (file === probe ? extraSource : read(file));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === probe || fileExists(file);
  const p = ts.createProgram([probe, ...zodModules()], options, host);
  return { checker: p.getTypeChecker(), program: p, probe };
}

const docOf = (checker: ts.TypeChecker, symbol: ts.Symbol | undefined): string =>
  symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() : "";

/** Every plain type to write, in file order: each module's exported non-generic aliases, then EXTRA. */
function entries(): { checker: ts.TypeChecker; list: Entry[] } {
  const probeSource = EXTRA.map(
    (e, i) => `import type { ${e.type} as E${i} } from "./${e.module}";\nexport type { E${i} };`,
  ).join("\n");
  const { checker, program: p, probe } = program(probeSource);
  const list: Entry[] = [];
  for (const file of zodModules()) {
    const source = p.getSourceFile(file)!;
    for (const statement of source.statements) {
      if (!ts.isTypeAliasDeclaration(statement) || statement.typeParameters) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      const symbol = checker.getSymbolAtLocation(statement.name)!;
      const doc = docOf(checker, symbol) || docOf(checker, schemaOf(checker, source, statement.name.text));
      list.push({ name: statement.name.text, type: checker.getDeclaredTypeOfSymbol(symbol), doc });
    }
  }
  const probeFile = p.getSourceFile(probe)!;
  const probeModule = checker.getSymbolAtLocation(probeFile)!;
  EXTRA.forEach((e, i) => {
    const symbol = checker.getAliasedSymbol(
      checker.getExportsOfModule(probeModule).find((s) => s.name === `E${i}`)!,
    );
    list.push({ name: e.name, type: checker.getDeclaredTypeOfSymbol(symbol), doc: docOf(checker, symbol) });
  });
  return { checker, list };
}

/** The `${name}Schema` constant of the module, whose comment documents the type when the alias has none. */
function schemaOf(checker: ts.TypeChecker, source: ts.SourceFile, name: string): ts.Symbol | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === `${name}Schema`)
        return checker.getSymbolAtLocation(d.name);
    }
  }
  return undefined;
}

/** Types the compiler's own name says all of: `string`, `unknown`, `null`… */
const KEYWORD_TYPES =
  ts.TypeFlags.Any |
  ts.TypeFlags.Unknown |
  ts.TypeFlags.String |
  ts.TypeFlags.Number |
  ts.TypeFlags.BigInt |
  ts.TypeFlags.ESSymbol |
  ts.TypeFlags.Void |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Null |
  ts.TypeFlags.Never |
  ts.TypeFlags.NonPrimitive |
  ts.TypeFlags.BooleanLiteral;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Writes types out, naming a nested type by the entry it equals (a strategy's `StoredRule[]`). */
class Printer {
  readonly #named = new Map<ts.Type, string>();
  readonly #unions: { name: string; members: Set<ts.Type> }[] = [];

  constructor(
    private readonly checker: ts.TypeChecker,
    list: readonly Entry[],
  ) {
    for (const e of list) {
      if (!this.#named.has(e.type)) this.#named.set(e.type, e.name);
      if (
        e.type.isUnion() &&
        !(e.type.flags & ts.TypeFlags.Boolean) &&
        !(e.type.flags & ts.TypeFlags.EnumLiteral)
      )
        this.#unions.push({ name: e.name, members: new Set(e.type.types) });
    }
  }

  declaration(e: Entry): string {
    const doc = e.doc ? `${comment(e.doc, "")}\n` : "";
    return `${doc}export type ${e.name} = ${this.type(e.type, "", e.name)};\n`;
  }

  type(type: ts.Type, indent: string, self?: string): string {
    const name = this.#named.get(type);
    if (name !== undefined && name !== self) return name;
    const c = this.checker;
    if (type.isUnion()) return this.union(type, indent, self);
    if (type.isIntersection()) return type.types.map((t) => this.type(t, indent)).join(" & ");
    if (type.isStringLiteral()) return JSON.stringify(type.value);
    if (type.isNumberLiteral()) return String(type.value);
    if (type.flags & KEYWORD_TYPES) return c.typeToString(type);
    if (c.isArrayType(type)) {
      const element = this.type(c.getTypeArguments(type as ts.TypeReference)[0]!, indent);
      const readonly = type.symbol?.name === "ReadonlyArray" ? "readonly " : "";
      return `${readonly}${/[ |&]/.test(element) && !element.startsWith("{") ? `(${element})` : element}[]`;
    }
    if (c.isTupleType(type)) {
      return `[${c
        .getTypeArguments(type as ts.TypeReference)
        .map((t) => this.type(t, indent))
        .join(", ")}]`;
    }
    if (type.flags & ts.TypeFlags.Object) return this.object(type, indent);
    throw new Error(`no plain form for the type ${c.typeToString(type)}`);
  }

  private union(type: ts.UnionType, indent: string, self: string | undefined): string {
    let members = [...type.types];
    const parts: string[] = [];
    // A union that holds a named union whole names it (RuleItem holds EnumRuleItem).
    for (const u of this.#unions) {
      if (u.name === self || u.members.size < 2 || u.members.size >= members.length) continue;
      if ([...u.members].every((m) => members.includes(m))) {
        parts.push(u.name);
        members = members.filter((m) => !u.members.has(m));
      }
    }
    const hasTrue = members.some(
      (m) => m.flags & ts.TypeFlags.BooleanLiteral && this.checker.typeToString(m) === "true",
    );
    const hasFalse = members.some(
      (m) => m.flags & ts.TypeFlags.BooleanLiteral && this.checker.typeToString(m) === "false",
    );
    // null and undefined last, as the compiler writes them.
    const nullish = (t: ts.Type) =>
      t.flags & ts.TypeFlags.Null ? 1 : t.flags & ts.TypeFlags.Undefined ? 2 : 0;
    members.sort((a, b) => nullish(a) - nullish(b));
    for (const m of members) {
      const isBool = m.flags & ts.TypeFlags.BooleanLiteral;
      if (isBool && hasTrue && hasFalse) {
        if (this.checker.typeToString(m) === "false") parts.push("boolean");
        continue;
      }
      parts.push(this.type(m, indent));
    }
    return parts.join(" | ");
  }

  private object(type: ts.Type, indent: string): string {
    const c = this.checker;
    if (c.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) {
      throw new Error(`no plain form for the function type ${c.typeToString(type)}`);
    }
    const inner = `${indent}  `;
    const lines: string[] = [];
    // A mapped type's properties carry no declaration of their own: its `readonly` is on the type.
    const mapped = type.symbol?.declarations?.[0];
    const mappedReadonly =
      mapped !== undefined &&
      ts.isMappedTypeNode(mapped) &&
      mapped.readonlyToken !== undefined &&
      mapped.readonlyToken.kind !== ts.SyntaxKind.MinusToken;
    for (const info of c.getIndexInfosOfType(type)) {
      const readonly = info.isReadonly ? "readonly " : "";
      lines.push(
        `${inner}${readonly}[key: ${c.typeToString(info.keyType)}]: ${this.type(info.type, inner)};`,
      );
    }
    for (const prop of c.getPropertiesOfType(type)) {
      const doc = docOf(c, prop);
      if (doc) lines.push(`${inner}${comment(doc, inner)}`);
      const key = IDENTIFIER.test(prop.name) ? prop.name : JSON.stringify(prop.name);
      const optional = prop.flags & ts.SymbolFlags.Optional ? "?" : "";
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      const declaredReadonly =
        decl !== undefined &&
        ts.isPropertySignature(decl) &&
        ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Readonly;
      const readonly = mappedReadonly || declaredReadonly ? "readonly " : "";
      lines.push(`${inner}${readonly}${key}${optional}: ${this.type(c.getTypeOfSymbol(prop), inner)};`);
    }
    return lines.length === 0 ? "{}" : `{\n${lines.join("\n")}\n${indent}}`;
  }
}

/** A doc comment of `text` at `indent`. */
function comment(text: string, indent: string): string {
  const lines = text.split("\n");
  if (lines.length === 1) return `/** ${text} */`;
  return ["/**", ...lines.map((l) => `${indent} *${l ? ` ${l}` : ""}`), `${indent} */`].join("\n");
}

/** What the file is made from: the model's modules, this generator and the tools that write it. */
function inputsHash(): string {
  const hash = createHash("sha256");
  const modules = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return modules(path);
      return entry.name.endsWith(".ts") && path !== PLAIN_TYPES_FILE ? [path] : [];
    });
  for (const file of [...modules(MODEL).sort(), __filename, join(ROOT, "biome.json")])
    hash.update(`${relative(ROOT, file)}\n`).update(readFileSync(file));
  for (const tool of ["typescript", "zod", "@biomejs/biome"])
    hash.update(readFileSync(join(ROOT, "node_modules", tool, "package.json")));
  return hash.digest("hex").slice(0, 16);
}

const header = (inputs: string) => `/**
 * GENERATED by scripts/plain-types.ts from the zod schemas of the model before every build,
 * type-check, lint and test run; not committed: do not edit. Each type is what \`z.infer\`
 * of its schema gives, written out, so the package's published declarations need no declaration
 * of zod (a Pulumi program type-checks them on every run). test/unit/model/plain-types.test.ts
 * holds each equal to its schema's type.
 *
 * inputs: ${inputs}
 */
`;

/** The file's text before the formatter lays it out. */
export function plainTypesText(inputs: string = inputsHash()): string {
  const { checker, list } = entries();
  const printer = new Printer(checker, list);
  return `${header(inputs)}\n${list.map((e) => printer.declaration(e)).join("\n")}`;
}

/** The text laid out by the repository's formatter, as the file is written. */
export function formattedPlainTypes(inputs: string = inputsHash()): string {
  const biome = join(ROOT, "node_modules", ".bin", "biome");
  return execFileSync(biome, ["format", `--stdin-file-path=${relative(ROOT, PLAIN_TYPES_FILE)}`], {
    cwd: ROOT,
    input: plainTypesText(inputs),
    encoding: "utf8",
  });
}

/** True when the file exists and was written from the inputs as they are. */
export function plainTypesAreFresh(inputs: string = inputsHash()): boolean {
  return (
    existsSync(PLAIN_TYPES_FILE) && readFileSync(PLAIN_TYPES_FILE, "utf8").includes(` * inputs: ${inputs}\n`)
  );
}

/**
 * Writes the file unless it is fresh. Through a rename, so that a type-check, a lint and a build
 * started side by side, each writing it, never read half a file.
 */
export function writePlainTypes(): boolean {
  const inputs = inputsHash();
  if (plainTypesAreFresh(inputs)) return false;
  const temporary = `${PLAIN_TYPES_FILE}.${process.pid}.tmp`;
  writeFileSync(temporary, formattedPlainTypes(inputs));
  renameSync(temporary, PLAIN_TYPES_FILE);
  return true;
}

if (require.main === module) {
  if (writePlainTypes()) console.log("wrote provider/model/plain-types.ts");
}
