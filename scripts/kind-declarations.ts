/**
 * Writes each kind's declarations (provider/resources/<kind>.ts) from its descriptor
 * (provider/model/kinds/): the `<Kind>Args` interface a program passes, the instance interface
 * `<Kind>` with one `pulumi.Output` per declared input and output, each with its one description,
 * and the class made by `kindResource`. `npm run schema` writes them through kind-docs.ts; a unit
 * test fails while a checked-in file says something else than the descriptors.
 */
import { join } from "node:path";
import {
  describedWithId,
  type FieldType,
  type InputField,
  KINDS,
  kindOf,
  type OutputField,
  type ResourceKind,
} from "../provider/model/kinds";

const ROOT = join(__dirname, "..");

/** biome's line width: a longer statement is broken as biome breaks it. */
const WIDTH = 110;

const fileName = (kind: ResourceKind) => kind.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();

/** The resource file of a kind: `StrategyActivation` → provider/resources/strategy-activation.ts. */
export function resourceFile(kind: ResourceKind): string {
  return join(ROOT, "provider", "resources", `${fileName(kind)}.ts`);
}

/** A doc comment of `text` at `indent`, wrapped at 100 columns. */
function docComment(text: string, indent: string): string {
  const width = 100 - indent.length - 3;
  if (text.length <= width - 4) return `${indent}/** ${text} */`;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`), `${indent} */`].join("\n");
}

/** The names a kind's declarations import, by module. */
interface Imports {
  plain: Set<string>;
  input: Set<string>;
}

type Named = Exclude<FieldType, string>;

/** A named type whose values are a plain literal (a zod enum): an input of it is no deeper. */
const isEnum = (type: Named) => (type.zod().def as { type: string }).type === "enum";

const PRIMITIVE = { string: "string", boolean: "boolean", integer: "number" } as const;

/** The field's type as the args take it: every level may be a Pulumi input. */
function argType(type: FieldType, nullable: boolean, imports: Imports): string {
  const orNull = nullable ? " | null" : "";
  if (typeof type === "string" && type in PRIMITIVE)
    return `pulumi.Input<${PRIMITIVE[type as keyof typeof PRIMITIVE]}${orNull}>`;
  if (type === "strings") return `pulumi.Input<pulumi.Input<string>[]${orNull}>`;
  if (type === "ruleItems") {
    imports.plain.add("RuleItem");
    imports.input.add("RuleItemInput");
    return `pulumi.Input<pulumi.Input<RuleItemInput<RuleItem>>[]${orNull}>`;
  }
  const named = type as Named;
  imports.plain.add(named.name);
  if (!isEnum(named)) imports.input.add("DeepInput");
  const element = (suffix: string) =>
    isEnum(named) ? `pulumi.Input<${named.name}${suffix}>` : `DeepInput<${named.name}${suffix}>`;
  return named.list === true ? `pulumi.Input<${element("")}[]${orNull}>` : element(orNull);
}

/** The field's type as an output holds it: plain values. */
function outputType(type: FieldType, imports: Imports): string {
  if (typeof type === "string" && type in PRIMITIVE) return PRIMITIVE[type as keyof typeof PRIMITIVE];
  if (type === "strings") return "string[]";
  if (type === "ruleItems") {
    imports.plain.add("RuleItem");
    return "RuleItem[]";
  }
  const named = type as Named;
  imports.plain.add(named.name);
  return named.list === true ? `${named.name}[]` : named.name;
}

const isRequired = (f: InputField) => f.required === true || f.declared?.required === true;
const isNullable = (f: InputField) => f.declared?.nullable ?? f.default === null;

function argsInterface(kind: ResourceKind, imports: Imports): string[] {
  const members = Object.entries(kindOf(kind).inputs).map(([name, f]) => {
    const optional = isRequired(f) ? "" : "?";
    return `${docComment(f.description, "  ")}\n  ${name}${optional}: ${argType(f.type, isNullable(f), imports)};`;
  });
  return [`export interface ${kind}Args {`, ...members, "}"];
}

/** Whether an output may be null, and whether it is always there. */
interface Shape {
  nullable: boolean;
  present: boolean;
}

function outputMember(name: string, f: OutputField | InputField, shape: Shape, imports: Imports): string {
  const type = `${outputType(f.type, imports)}${shape.nullable ? " | null" : ""}${shape.present ? "" : " | undefined"}`;
  return `${docComment(f.description, "  ")}\n  readonly ${name}: pulumi.Output<${type}>;`;
}

function instanceInterface(kind: ResourceKind, imports: Imports): string[] {
  const d = kindOf(kind);
  const inputs = Object.entries(d.inputs)
    .filter(([, f]) => f.notCompared !== true && f.declared?.output !== false)
    .map(([name, f]) => {
      const present = f.declared?.present ?? (isRequired(f) || f.alwaysOutput === true);
      return outputMember(name, f, { nullable: isNullable(f), present }, imports);
    });
  const outputs = Object.entries(d.outputs).map(([name, f]) =>
    outputMember(
      name,
      f,
      { nullable: f.declared?.nullable ?? false, present: f.declared?.present ?? true },
      imports,
    ),
  );
  return [
    docComment(KINDS[kind].description, ""),
    `export interface ${kind} extends pulumi.CustomResource {`,
    ...inputs,
    ...outputs,
    "}",
  ];
}

/** `import type { a, b } from "module";`, one name a line when the statement is too long. */
function importStatement(names: Set<string>, module: string): string[] {
  if (names.size === 0) return [];
  const sorted = [...names].sort();
  const line = `import type { ${sorted.join(", ")} } from "${module}";`;
  if (line.length <= WIDTH) return [line];
  return ["import type {", ...sorted.map((n) => `  ${n},`), `} from "${module}";`];
}

/** `export const <Kind> = kindResource("<Kind>")`, broken as biome breaks it. */
function classStatement(kind: ResourceKind): string {
  const type = `KindResourceClass<"${kind}", ${kind}, ${kind}Args>`;
  const call = `kindResource("${kind}");`;
  const head = `export const ${kind}: ${type} =`;
  if (head.length + 1 + call.length <= WIDTH) return `${head} ${call}`;
  if (head.length <= WIDTH) return `${head}\n  ${call}`;
  return [
    `export const ${kind}: KindResourceClass<`,
    `  "${kind}",`,
    `  ${kind},`,
    `  ${kind}Args`,
    `> = ${call}`,
  ].join("\n");
}

/** The whole of provider/resources/<kind>.ts, as `npm run schema` writes it. */
export function resourceSource(kind: ResourceKind): string {
  const imports: Imports = { plain: new Set(), input: new Set() };
  const args = argsInterface(kind, imports);
  const instance = instanceInterface(kind, imports);
  return [
    `// \`npm run schema\` writes this file from provider/model/kinds/${fileName(kind)}.ts: edit that instead.`,
    'import type * as pulumi from "@pulumi/pulumi";',
    ...importStatement(imports.plain, "../model/plain-types"),
    ...importStatement(imports.input, "./input-types"),
    'import { type KindResourceClass, kindResource } from "./kind-resource";',
    "",
    ...args,
    "",
    ...instance,
    "",
    docComment(describedWithId(kind), ""),
    classStatement(kind),
    "",
  ].join("\n");
}

/** The barrel of every kind's class and args, which the package root re-exports. */
export const CLASSES_FILE = join(ROOT, "provider", "resources", "classes.ts");

/** provider/resources/classes.ts, as `npm run schema` writes it. */
export function classesSource(kinds: readonly ResourceKind[]): string {
  const lines = [...kinds]
    .sort((a, b) => fileName(a).localeCompare(fileName(b)))
    .map((kind) => `export { ${kind}, type ${kind}Args } from "./${fileName(kind)}";`);
  return [
    "// `npm run schema` writes this file from provider/model/kinds/index.ts: every kind's class.",
    ...lines,
    "",
  ].join("\n");
}
