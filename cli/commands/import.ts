import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Subcommand } from "../command";
import { UsageError } from "../command";

export const IMPORT_HELP = `usage: strategy-alerts import --out <dir> [--name <project>] [--force]

Reads the whole account (strategies with their rules, triggers and trigger configs, which
strategies are active, the webhook, followed developers and their tags) and writes a ready
Pulumi TypeScript program that adopts all of it: Pulumi.yaml, package.json, tsconfig.json and
index.ts. The first \`pulumi up\` of that program takes the objects over and changes nothing.

options:
  --out <dir>       directory to write the project into (created when missing)
  --name <project>  Pulumi project name (default: the directory's name)
  --force           overwrite files the directory already holds
  -h, --help        show this help

environment:
  STRATEGY_ALERTS_API_KEY   the account's API key (never written into the program)
  STRATEGY_ALERTS_BASE_URL  the API base URL, ending in /api/external/v1`;

export const importCommand: Subcommand = {
  name: "import",
  summary: "write a Pulumi program that adopts the whole account",
  help: IMPORT_HELP,
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { out: { type: "string" }, name: { type: "string" }, force: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    });
    if (!values.out) throw new UsageError("--out <dir> is required: the directory to write the program into");
    const out = resolve(values.out);
    // Loaded only here: `--help` and the other commands do not pay for the client.
    const { resolveCredentials } = await import("../../provider/credentials");
    const { createClient } = await import("../../provider/api/client");
    const { importAccount } = await import("../import/import-account");
    const credentials = resolveCredentials(() => undefined);
    const client = createClient({ apiKey: credentials.apiKey, baseUrl: credentials.baseUrl });
    try {
      const result = await importAccount(client, values.name ?? basename(out));
      const clashes = Object.keys(result.files).filter((f) => existsSync(join(out, f)));
      if (clashes.length > 0 && !values.force) {
        throw new UsageError(`${out} already holds ${clashes.join(", ")}; pass --force to overwrite them`);
      }
      await mkdir(out, { recursive: true });
      for (const [file, content] of Object.entries(result.files)) await writeFile(join(out, file), content);
      for (const warning of result.warnings) process.stderr.write(`warning: ${warning}\n`);
      process.stdout.write(
        `${result.summary}\n\nWrote ${Object.keys(result.files).join(", ")} to ${out}.\n${NEXT_STEPS}\n`,
      );
      return 0;
    } finally {
      await client.close();
    }
  },
};

const NEXT_STEPS = `Next:
  npm install
  pulumi stack init <stack>
  pulumi config set --secret strategy-alerts:apiKey   # paste the key when asked
  pulumi config set strategy-alerts:baseUrl <base url ending in /api/external/v1>
  pulumi preview   # every resource shows as a create: it adopts, nothing is created in the app
  pulumi up`;
