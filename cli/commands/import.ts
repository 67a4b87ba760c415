import { basename, dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Subcommand } from "../command";
import { CommandError, UsageError } from "../command";

const IMPORT_HELP = `usage: strategy-alerts import --out <dir> [--language typescript|yaml|go|python]
                              [--plugin npm|installed] [--name <project>] [--force]
       strategy-alerts import --format pulumi-import --out <file.json> [--force]

Reads the whole account (strategies with their rules, triggers and trigger configs, which
strategies are active, the webhook, followed developers and their tags) and writes it as code:

  a Pulumi program that adopts all of it (the default: --format program). With --language
  typescript (the default) it is Pulumi.yaml, package.json, tsconfig.json and index.ts using the
  package's dynamic resources; with --language yaml, a Pulumi YAML program using the package's
  provider plugin; with --language go, main.go and go.mod using the Go SDK; with --language
  python, __main__.py and requirements.txt using the Python SDK. The first \`pulumi up\` of any
  of them takes the objects over and changes nothing.

  --format pulumi-import: a \`pulumi import --file\` document (type, name and id of every
  resource) for a Pulumi YAML project that uses the provider plugin.

A webhook URL that carries credentials is never printed or written: the program reads it from a
secret stack config value, and import prints the \`pulumi config set --secret\` line to run.
Temporary strategies left by an interrupted \`strategy-alerts review\` are skipped, with a warning.

options:
  --out <path>          directory to write the project into (created when missing), or with
                        --format pulumi-import the file to write
  --format <format>     program (default) or pulumi-import
  --language <lang>     typescript (default), yaml, go or python; only with --format program
  --plugin <route>      where a YAML program's provider plugin comes from; only with --language
                        yaml. npm: the package in node_modules (Pulumi.yaml names its path, and a
                        package.json brings it); installed: the plugin Pulumi has installed (the
                        release tarball with \`pulumi plugin install\`, no Node.js): Pulumi.yaml only.
                        Default: installed when this is the single-file strategy-alerts binary,
                        npm when it runs from the npm package
  --name <project>      Pulumi project name (default: the directory's name); only for a program
  --force               overwrite files that are already there
  -h, --help            show this help

environment (import reads these only, never stack config):
  STRATEGY_ALERTS_API_KEY   the account's API key (never written into the program)
  STRATEGY_ALERTS_BASE_URL  the API base URL, ending in /api/external/v1`;

const FORMATS = ["program", "pulumi-import"] as const;
const LANGUAGES = ["typescript", "yaml", "go", "python"] as const;
const PLUGINS = ["npm", "installed"] as const;
type Plugin = (typeof PLUGINS)[number];

type Output =
  | { format: "program"; language: (typeof LANGUAGES)[number]; plugin?: Plugin }
  | { format: "pulumi-import" };

/** Whether this process is the single-executable strategy-alerts binary (no npm package around it). */
function runningAsBinary(): boolean {
  try {
    return (require("node:sea") as { isSea(): boolean }).isSea();
  } catch {
    // A Node.js without the module runs no single-executable application.
    return false;
  }
}

/** A YAML program's plugin route: as asked, else the route this command was installed by. */
function pluginOf(language: string, plugin: string | undefined, isBinary: () => boolean): Plugin | undefined {
  if (plugin !== undefined && language !== "yaml")
    throw new UsageError(
      "--plugin applies to --language yaml only: the other languages' SDKs find the plugin themselves",
    );
  if (language !== "yaml") return undefined;
  if (plugin === undefined) return isBinary() ? "installed" : "npm";
  if (!(PLUGINS as readonly string[]).includes(plugin))
    throw new UsageError(`--plugin must be one of ${PLUGINS.join(", ")} (got ${JSON.stringify(plugin)})`);
  return plugin as Plugin;
}

export function outputOf(
  values: { format?: string; language?: string; name?: string; plugin?: string },
  isBinary: () => boolean = runningAsBinary,
): Output {
  const format = values.format ?? "program";
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${FORMATS.join(", ")} (got ${JSON.stringify(format)})`);
  if (format === "pulumi-import") {
    if (values.language !== undefined)
      throw new UsageError(
        "--language applies to --format program only: a pulumi-import document holds no code (pulumi import writes it in the project's language)",
      );
    if (values.name !== undefined)
      throw new UsageError(
        "--name applies to --format program only: a pulumi-import document names no project",
      );
    if (values.plugin !== undefined)
      throw new UsageError(
        "--plugin applies to --language yaml only: a pulumi-import document holds no program",
      );
    return { format: "pulumi-import" };
  }
  const language = values.language ?? "typescript";
  if (!(LANGUAGES as readonly string[]).includes(language))
    throw new UsageError(
      `--language must be one of ${LANGUAGES.join(", ")} (got ${JSON.stringify(language)})`,
    );
  const plugin = pluginOf(language, values.plugin, isBinary);
  return {
    format: "program",
    language: language as (typeof LANGUAGES)[number],
    ...(plugin ? { plugin } : {}),
  };
}

export const importCommand: Subcommand = {
  name: "import",
  summary: "write a Pulumi program (or pulumi import file) that adopts the whole account",
  help: IMPORT_HELP,
  async run(args) {
    const options = importOptions(args);
    const { apiKey, baseUrl } = await credentialsFromEnvironment();
    const { createClient } = await import("../../provider/api/client");
    const { describeWait } = await import("../../provider/runtime/wait-messages");
    const { importAccount } = await import("../import/import-account");
    const { printableText } = await import("../../provider/model/printable-text");
    const { importProgress } = await import("../import/progress");
    const { createProgress } = await import("../progress");
    const output_ = await import("../import/write-output");
    const { output, out } = options;

    // Checked before the account is read: a read can take minutes, a bad --out takes none.
    const { projectFileNames } = await import("../import/project-files");
    if (output.format === "program")
      await output_.checkOutputDirectory(
        out,
        projectFileNames(output.language, output.plugin),
        options.force,
      );
    else await output_.checkOutputFile(out, options.force);

    const display = createProgress({
      stream: process.stderr,
      prefix: "strategy-alerts import: ",
      quietMs: 1_000,
    });
    const reporter = importProgress(display);
    const client = createClient({
      apiKey,
      baseUrl,
      learnRate: true,
      onWait: (event) => {
        if (event.waitMs >= 2_000) reporter.say(describeWait(event));
      },
    });
    try {
      const result = await importAccount(client, options.name ?? basename(out), output, reporter.progress);
      display.done();
      await writeImport(output, out, result.files);
      for (const warning of result.warnings) process.stderr.write(`warning: ${warning}\n`);
      const written = Object.keys(result.files);
      const where =
        output.format === "program" ? `${written.join(", ")} to ${printableText(out)}` : printableText(out);
      process.stdout.write(
        `${result.summary}\n\nWrote ${where}.\n${nextSteps(output, out, result.secrets, printableText)}\n`,
      );
      return 0;
    } catch (err) {
      if (err instanceof UsageError || err instanceof output_.OutputError) throw err;
      // Messages may quote account data: the command's error printing escapes them.
      throw new CommandError((err as Error).message, { cause: err });
    } finally {
      display.done();
      await client.close();
    }
  },
};

interface ImportOptions {
  output: Output;
  /** The absolute path of the directory (program) or file (pulumi-import) to write. */
  out: string;
  force: boolean;
  name?: string;
}

function importOptions(args: string[]): ImportOptions {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: "string" },
      name: { type: "string" },
      force: { type: "boolean" },
      format: { type: "string" },
      language: { type: "string" },
      plugin: { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  const output = outputOf(values);
  if (!values.out)
    throw new UsageError(
      output.format === "pulumi-import"
        ? "--out <file.json> is required: the file to write the import document into"
        : "--out <dir> is required: the directory to write the program into",
    );
  return { output, out: resolve(values.out), force: values.force === true, name: values.name };
}

/** Import reads the environment only, never stack config. */
async function credentialsFromEnvironment(): Promise<{ apiKey: string; baseUrl: string }> {
  // Loaded only here: `--help` and the other commands do not pay for the client.
  const { API_KEY_ENV, BASE_URL_ENV } = await import("../../provider/credentials");
  const apiKey = process.env[API_KEY_ENV];
  const baseUrl = process.env[BASE_URL_ENV];
  if (!apiKey)
    throw new UsageError(
      `no API key: set the ${API_KEY_ENV} environment variable to the account's API key (import reads the environment, not stack config)`,
    );
  if (!baseUrl)
    throw new UsageError(
      `no base URL: set the ${BASE_URL_ENV} environment variable to the API's base URL, ending in /api/external/v1`,
    );
  return { apiKey, baseUrl };
}

/** Writes the program's files into `out`, or the import document to the file `out`. */
async function writeImport(output: Output, out: string, files: Record<string, string>): Promise<void> {
  const { makeDirectory, writeOutputFiles } = await import("../import/write-output");
  if (output.format === "program") {
    await makeDirectory(out);
    await writeOutputFiles(
      Object.fromEntries(Object.entries(files).map(([file, content]) => [join(out, file), content])),
    );
  } else {
    await makeDirectory(dirname(out));
    await writeOutputFiles({ [out]: files[""]! });
  }
}

/** The commands that make a written program ready to run, by language (and YAML plugin route). */
function setupSteps(output: Output & { format: "program" }): string[] {
  switch (output.language) {
    case "typescript":
      return ["  npm install"];
    case "yaml":
      return output.plugin === "installed"
        ? [
            "  # once per machine, unless the plugin is installed already:",
            "  pulumi plugin install resource strategy-alerts <version> --file <release tarball>",
          ]
        : ["  npm install"];
    case "go":
      return ["  go mod tidy   # fetches the modules and writes go.sum"];
    case "python":
      return ["  pulumi install   # makes the venv and installs requirements.txt"];
  }
}

function nextSteps(
  output: Output,
  out: string,
  secrets: readonly { key: string; what: string }[],
  printableText: (text: string) => string,
): string {
  const config = [
    "  pulumi config set --secret strategy-alerts:apiKey   # paste the key when asked",
    "  pulumi config set strategy-alerts:baseUrl <base url ending in /api/external/v1>",
    ...secrets.map((s) => `  pulumi config set --secret ${s.key}   # paste ${s.what}, when asked`),
  ];
  if (output.format === "pulumi-import") {
    return [
      "Next, in a Pulumi YAML project that has pulumi-strategy-alerts in node_modules and lists its",
      "plugin (plugins.providers: name strategy-alerts, path ./node_modules/pulumi-strategy-alerts):",
      ...config.slice(0, 2),
      `  pulumi import --file ${printableText(out)}`,
    ].join("\n");
  }
  return [
    "Next:",
    ...setupSteps(output),
    "  pulumi stack init <stack>",
    ...config,
    "  pulumi preview   # every resource shows as a create: it adopts, nothing is created in the app",
    "  pulumi up",
  ].join("\n");
}
