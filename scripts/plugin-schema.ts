/**
 * Writes the provider plugin's package schema (provider/plugin/schema.json) from the model.
 * `npm run schema`; a unit test fails while the checked-in file means something else than what
 * this generates. The file is laid out by the repository's formatter, so the lint passes.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pluginSchema } from "../provider/plugin/package-schema";

export const SCHEMA_FILE = join(__dirname, "..", "provider", "plugin", "schema.json");

export function schemaText(): string {
  return `${JSON.stringify(pluginSchema(), null, 2)}\n`;
}

if (require.main === module) {
  writeFileSync(SCHEMA_FILE, schemaText());
  execFileSync("npx", ["biome", "format", "--write", SCHEMA_FILE], { stdio: "inherit" });
  console.log("wrote provider/plugin/schema.json");
}
