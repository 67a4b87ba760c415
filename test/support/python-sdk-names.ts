import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PYTHON_PACKAGE } from "../../provider/plugin/package-identity";

const PACKAGE_DIR = join(resolve(__dirname, "../.."), "sdk", "python", PYTHON_PACKAGE);

/**
 * The names `sa.<name>` (and `sa.<Enum>.<MEMBER>`) in a Python program that the generated package
 * does not define: what stands in for an import of the SDK where Pulumi's Python SDK, which the
 * package imports, is not installed.
 */
export function undefinedNames(program: string): string[] {
  const source = readdirSync(PACKAGE_DIR)
    .filter((file) => file.endsWith(".py"))
    .map((file) => readFileSync(join(PACKAGE_DIR, file), "utf8"))
    .join("\n");
  const missing: string[] = [];
  for (const [, name, member] of program.matchAll(/\bsa\.(\w+)(?:\.(\w+))?/g)) {
    if (!new RegExp(`^(class|def) ${name}\\b`, "m").test(source)) missing.push(`sa.${name}`);
    else if (member && /^[A-Z][A-Z0-9_]*$/.test(member)) {
      const body = source.slice(source.search(new RegExp(`^class ${name}\\b`, "m")));
      const end = body.slice(1).search(/^class /m);
      if (!new RegExp(`^    ${member} = `, "m").test(body.slice(0, end === -1 ? undefined : end + 1)))
        missing.push(`sa.${name}.${member}`);
    }
  }
  return missing;
}
