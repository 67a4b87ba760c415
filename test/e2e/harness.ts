import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pulumiEnv } from "../../scripts/pulumi-env";
import { runProcess } from "../support/process";
import { linkNodeModules } from "../support/project-modules";
import { startVaultTransit, type VaultTransit } from "../support/vault-transit";
import { javaScriptPath, PROJECT_COMPILER_OPTIONS, programJavaScript } from "./program-javascript";

export { runProcess } from "../support/process";

export const REPO_ROOT = resolve(__dirname, "../..");

/**
 * The built `strategy-alerts` command (`npm run build`, before the e2e suite), as the package runs
 * it: started from the sources through ts-node, each run would transpile its whole module graph
 * first (about 2 s of CPU against 0.2 s).
 */
export const BUILT_CLI = join(REPO_ROOT, "dist/cli/index.js");

/**
 * The directory holding `pulumi` and its plugins: the one given, else the e2e global setup's.
 * Loaded lazily, so that scripts (which give it) can drive projects outside the test runner.
 */
async function binDir(given: string | undefined): Promise<string> {
  return given ?? (await import("./pulumi-bin")).pulumiBinDir();
}

/**
 * Where the harness's stacks keep their secrets: Vault's transit engine, served by this test
 * process (test/support/vault-transit.ts), not a passphrase, whose key derivation costs every
 * command that reads a secret about 0.2 s of CPU. Stacks made outside the harness (the demo, the
 * benchmarks, recover-checkpoint's) keep the passphrase users of a local backend set.
 */
const SECRETS_PROVIDER = "hashivault://e2e";
let vault: Promise<VaultTransit> | undefined;

/** The environment that reaches this process's Vault, started with its first stack. */
async function vaultEnv(): Promise<VaultTransit["env"]> {
  vault ??= startVaultTransit();
  return (await vault).env;
}

/**
 * Preloaded into the engine's Node.js processes: Pulumi's SDK then loads `@npmcli/arborist` and
 * TypeScript, which no engine command of this package uses, only when a process calls for them,
 * which spares about a quarter of a TypeScript command's CPU (test/support/defer-sdk-imports.cjs).
 */
const DEFER_SDK_IMPORTS = join(REPO_ROOT, "test/support/defer-sdk-imports.cjs");

type ChangeKind = "create" | "update" | "delete" | "same" | "replace" | "read" | "refresh" | string;

export interface CommandResult {
  command: string;
  code: number;
  stdout: string;
  stderr: string;
  /** Engine event log entries, one object per line of the `--event-log` file. */
  events: EngineEvent[];
  /** `resourceChanges` of the engine's summary event: counts by operation. */
  changes: Partial<Record<ChangeKind, number>>;
  /** Resource operations seen, as `op urn` pairs, for precise assertions. */
  steps: { op: string; urn: string; type: string; diffs: string[] }[];
  /** Diagnostics (warnings, errors, info) the engine printed, with their resource URN. */
  diagnostics: { severity: string; message: string; urn?: string }[];
}

// biome-ignore lint/suspicious/noExplicitAny: engine events are an open, versioned JSON format.
export type EngineEvent = Record<string, any>;

class PulumiCommandError extends Error {
  constructor(readonly result: CommandResult) {
    const errors = result.diagnostics
      .filter((d) => d.severity === "error" || d.severity === "warning")
      .map((d) => `${d.severity}${d.urn ? ` (${d.urn})` : ""}: ${d.message.trim()}`);
    super(
      `\`${result.command}\` exited with code ${result.code}\n--- engine diagnostics ---\n${errors.join("\n")}\n--- stderr ---\n${result.stderr}`,
    );
    this.name = "PulumiCommandError";
  }
}

export interface ProjectOptions {
  /** Source of `index.ts`, the Pulumi program. */
  program: string;
  /** Extra files written beside the program, by relative path. */
  files?: Record<string, string>;
  /** Stack config; `secret: true` stores it with `--secret`. */
  config?: Record<string, { value: string; secret?: boolean }>;
  /** Extra environment for every command (merged over the harness defaults). */
  env?: Record<string, string>;
  name?: string;
  /** Fields merged into the project's package.json (dependencies of a user's project, say). */
  packageJson?: Record<string, unknown>;
  /**
   * Default true: link the repository's node_modules and this package into the project. False
   * leaves node_modules to the test, which installs the packed package as a user would.
   */
  linkRepoModules?: boolean;
  /**
   * Default false: the engine runs the JavaScript the harness transpiled from the program once
   * (ts-node's transpile-only mode does the same on every command), as type-checking it on every
   * command costs seconds and is not what most tests prove. True has ts-node type-check and run
   * index.ts, as a user's default project does (a project installed from the packed package).
   */
  typeCheck?: boolean;
  /** The Pulumi CLI's directory (default: the one the e2e global setup provisioned). */
  pulumiBinDir?: string;
}

export class PulumiProject {
  /** The program in index.ts, and the one the stack last applied (undefined: none or destroyed). */
  #program: string | undefined;
  #applied: string | undefined;

  private constructor(
    readonly dir: string,
    readonly env: NodeJS.ProcessEnv,
    readonly stack = "dev",
    /** Its TypeScript files run as the JavaScript the harness writes beside them. */
    private readonly transpiled = false,
  ) {}

  static async create(options: ProjectOptions): Promise<PulumiProject> {
    const bin = await binDir(options.pulumiBinDir);
    const dir = await mkdtemp(join(tmpdir(), "psa-e2e-"));
    const name = options.name ?? "e2e";
    const typeCheck = options.typeCheck ?? false;
    // Type-checked, ts-node runs index.ts as a user's default project does; otherwise the engine
    // runs the JavaScript the harness transpiled once, as ts-node's transpile-only mode would
    // on every command (its compiler's load and run are about a tenth of a command's CPU).
    await writeFile(
      join(dir, "Pulumi.yaml"),
      `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: ${typeCheck}\n`,
    );
    await writeFile(
      join(dir, "package.json"),
      JSON.stringify(
        { name, private: true, main: typeCheck ? "index.ts" : "index.js", ...options.packageJson },
        null,
        2,
      ),
    );
    await writeFile(
      join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: PROJECT_COMPILER_OPTIONS, files: ["index.ts"] }),
    );
    if (options.linkRepoModules !== false) await linkNodeModules(dir);
    for (const [file, content] of Object.entries({ "index.ts": options.program, ...options.files })) {
      await mkdir(join(dir, file, ".."), { recursive: true });
      await writeSource(dir, file, content, !typeCheck);
    }
    const opened = await PulumiProject.start(dir, { ...options, pulumiBinDir: bin, typeCheck }, !typeCheck);
    opened.#program = options.program;
    return opened;
  }

  /**
   * A stack for a project directory that already holds its Pulumi.yaml, program and
   * node_modules (a generated project with the package installed as users install it); its
   * program is type-checked unless `typeCheck` is false.
   */
  static open(
    dir: string,
    options: Pick<ProjectOptions, "config" | "env" | "typeCheck" | "pulumiBinDir"> = {},
  ): Promise<PulumiProject> {
    return PulumiProject.start(dir, options, false);
  }

  private static async start(
    dir: string,
    options: Pick<ProjectOptions, "config" | "env" | "typeCheck" | "pulumiBinDir">,
    transpiled: boolean,
  ): Promise<PulumiProject> {
    await mkdir(join(dir, ".state"));
    // The harness's own credentials come only from what a test sets explicitly.
    const env = pulumiEnv({
      pulumiBinDir: await binDir(options.pulumiBinDir),
      home: join(dir, ".pulumi-home"),
      stateDir: join(dir, ".state"),
      extra: {
        NO_COLOR: "1",
        // Every engine command starts Node twice (language host, dynamic provider), each loading
        // the Pulumi SDK and this package: one bytecode cache for the run spares recompiling them.
        NODE_COMPILE_CACHE: join(tmpdir(), "psa-e2e-node-compile-cache"),
        // Quoted: Node splits NODE_OPTIONS at spaces, and a checkout's path may hold one.
        NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${JSON.stringify(DEFER_SDK_IMPORTS)}`]
          .filter(Boolean)
          .join(" "),
        ...(options.typeCheck === false && !transpiled ? { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } : {}),
        ...(await vaultEnv()),
        ...options.env,
      },
    });

    const project = new PulumiProject(dir, env, "dev", transpiled);
    await project.init(options.config ?? {});
    return project;
  }

  /**
   * Another stack of the same project (same directory, program and backend), as a second person
   * or a staging stack has it; commands of the returned object run on that stack.
   */
  async anotherStack(
    name: string,
    config: Record<string, { value: string; secret?: boolean }> = {},
  ): Promise<PulumiProject> {
    const other = new PulumiProject(this.dir, this.env, name, this.transpiled);
    other.#program = this.#program;
    await other.init(config);
    return other;
  }

  private async init(config: Record<string, { value: string; secret?: boolean }>): Promise<void> {
    await this.run([
      "stack",
      "init",
      this.stack,
      "--secrets-provider",
      SECRETS_PROVIDER,
      "--non-interactive",
    ]);
    await this.setConfigs(config);
  }

  async setConfig(key: string, value: string, secret = false): Promise<void> {
    await this.setConfigs({ [key]: { value, secret } });
  }

  /** Sets every entry with one `pulumi config set-all`: each CLI start costs half a second of CPU. */
  async setConfigs(config: Record<string, { value: string; secret?: boolean }>): Promise<void> {
    const args = Object.entries(config).flatMap(([key, { value, secret }]) => [
      secret ? "--secret" : "--plaintext",
      `${key}=${value}`,
    ]);
    if (args.length > 0) await this.run(["config", "set-all", "--stack", this.stack, ...args]);
  }

  async writeProgram(source: string): Promise<void> {
    await writeSource(this.dir, "index.ts", source, this.transpiled);
    this.#program = source;
  }

  /**
   * Brings the stack to `program` applied, with an `up` only when it is not there yet: a test
   * states the stack it starts from, and runs alone as well as after the tests before it.
   * (Changes made in the app are not tracked: a test that makes them restores them.)
   */
  async ensureApplied(program: string): Promise<void> {
    if (this.#program !== program) await this.writeProgram(program);
    if (this.#applied !== program) await this.up();
  }

  preview(opts: RunOptions = {}): Promise<CommandResult> {
    return this.engineCommand(["preview", "--diff"], opts);
  }

  /** `pulumi up --yes`; with `withPreview` the engine previews first, as `pulumi up --yes` in CI does. */
  async up(opts: RunOptions & { withPreview?: boolean } = {}): Promise<CommandResult> {
    this.#applied = undefined;
    const result = await this.engineCommand(
      ["up", "--yes", ...(opts.withPreview ? [] : ["--skip-preview"])],
      opts,
    );
    if (result.code === 0) this.#applied = this.#program;
    return result;
  }

  refresh(opts: RunOptions = {}): Promise<CommandResult> {
    return this.engineCommand(["refresh", "--yes", "--skip-preview"], opts);
  }

  destroy(opts: RunOptions = {}): Promise<CommandResult> {
    this.#applied = undefined;
    return this.engineCommand(["destroy", "--yes", "--skip-preview"], opts);
  }

  async outputs(): Promise<Record<string, unknown>> {
    const res = await this.run(["stack", "output", "--json", "--show-secrets", "--stack", this.stack]);
    return JSON.parse(res.stdout) as Record<string, unknown>;
  }

  /** The raw `pulumi stack export` text: what a leaked secret would be searched in. */
  async exportState(): Promise<string> {
    return (await this.run(["stack", "export", "--stack", this.stack])).stdout;
  }

  /** Every file of the local backend (checkpoints, history, backups) concatenated. */
  async backendFiles(): Promise<string> {
    const files = await listFiles(join(this.dir, ".state"));
    const contents = await Promise.all(files.map((f) => readFile(f, "utf8")));
    return contents.join("\n");
  }

  async cleanup(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  /**
   * Runs an engine command with `--json`, which streams one engine event per line on stdout
   * (previews too, with PULUMI_ENABLE_STREAMING_JSON_PREVIEW), and summarises the events.
   */
  private async engineCommand(args: string[], opts: RunOptions): Promise<CommandResult> {
    const result = await this.run(
      [...args, "--json", "--non-interactive", "--stack", this.stack, ...(opts.extraArgs ?? [])],
      {
        ...opts,
        allowFailure: true,
        env: { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true", ...opts.env },
      },
    );
    const full = { ...result, ...summarise(parseEventLines(result.stdout)) };
    if (full.code !== 0 && !opts.allowFailure) throw new PulumiCommandError(full);
    return full;
  }

  async run(args: string[], opts: RunOptions = {}): Promise<CommandResult> {
    const started = Date.now();
    const result = await exec("pulumi", args, this.dir, { ...this.env, ...opts.env });
    await logCommand(args, Date.now() - started);
    if (result.code !== 0 && !opts.allowFailure) throw new PulumiCommandError(result);
    return result;
  }
}

/** A file of a project, and with `transpiled` the JavaScript the engine runs beside a .ts file. */
async function writeSource(dir: string, file: string, content: string, transpiled: boolean): Promise<void> {
  await writeFile(join(dir, file), content);
  const js = transpiled ? javaScriptPath(file) : undefined;
  if (js) await writeFile(join(dir, js), programJavaScript(content, file));
}

export interface RunOptions {
  allowFailure?: boolean;
  env?: Record<string, string>;
  extraArgs?: string[];
}

/**
 * `npm pack` of this package into `dest`, as a user would get it; returns the tarball's path.
 * dist/ is built before the e2e suite runs, so packing skips the build rather than rewriting
 * files that other test files are loading.
 */
export async function packPackage(dest: string): Promise<string> {
  const res = await runProcess("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dest], {
    cwd: REPO_ROOT,
  });
  if (res.code !== 0) throw new Error(`npm pack failed: ${res.stderr}`);
  const [info] = JSON.parse(res.stdout) as { filename: string }[];
  if (!info) throw new Error(`npm pack printed no package: ${res.stdout}`);
  return join(dest, info.filename);
}

async function exec(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<CommandResult> {
  const res = await runProcess(cmd, args, { cwd, env });
  return { ...res, command: `${cmd} ${args.join(" ")}`, events: [], changes: {}, steps: [], diagnostics: [] };
}

/**
 * With E2E_COMMAND_LOG set to a file, each `pulumi` command appends a line to it: the test file
 * that ran it, the command, its seconds, the test process's pid and the time. What a file's time
 * goes to is then counted, not guessed, and the processes a file started (their CPU from the
 * kernel's process accounting) are found under its pid (docs/benchmarks.md, "CI suites").
 */
async function logCommand(args: string[], ms: number): Promise<void> {
  const log = process.env.E2E_COMMAND_LOG;
  if (!log) return;
  // The worker's current file: a stack loses it across awaits in shared suite modules.
  const worker = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__;
  const file = (worker?.filepath ?? new Error().stack)?.match(/test\/e2e\/[\w/.-]+\.test\.ts/)?.[0] ?? "?";
  const command = args
    .filter((a) => !a.startsWith("urn:"))
    .slice(0, 3)
    .join(" ");
  await appendFile(
    log,
    `${JSON.stringify({ file, command, seconds: ms / 1000, pid: process.pid, at: Date.now() })}\n`,
  );
}

function parseEventLines(text: string): EngineEvent[] {
  const events: EngineEvent[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      events.push(JSON.parse(line) as EngineEvent);
    } catch {
      // Not an event: the engine may print plain text before its first event.
    }
  }
  return events;
}

function summarise(
  events: EngineEvent[],
): Pick<CommandResult, "events" | "changes" | "steps" | "diagnostics"> {
  const summary = events.find((e) => e.summaryEvent)?.summaryEvent;
  const steps = events
    .map((e) => e.resOutputsEvent?.metadata ?? e.resourcePreEvent?.metadata)
    .filter((m): m is EngineEvent => Boolean(m))
    .filter((m, i, all) => all.findIndex((o) => o.urn === m.urn && o.op === m.op) === i)
    .map((m) => ({
      op: m.op as string,
      urn: m.urn as string,
      type: m.type as string,
      diffs: changedInputs(m),
    }));
  const diagnostics = events
    .map((e) => e.diagnosticEvent)
    .filter((d): d is EngineEvent => Boolean(d))
    .map((d) => ({
      severity: d.severity as string,
      message: stripAnsi(d.message as string),
      urn: d.urn as string | undefined,
    }));
  return { events, changes: summary?.resourceChanges ?? {}, steps, diagnostics };
}

/**
 * Input properties whose values differ between the old and new state of a step. Dynamic
 * providers report no detailed diff, so the engine (and a reviewer) sees exactly this.
 */
function changedInputs(metadata: EngineEvent): string[] {
  if (Array.isArray(metadata.diffs) && metadata.diffs.length > 0) return metadata.diffs as string[];
  const before = (metadata.old?.inputs ?? {}) as EngineEvent;
  const after = (metadata.new?.inputs ?? {}) as EngineEvent;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => k !== "__provider" && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort();
}

function stripAnsi(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are control characters.
  return s.replace(/\u001b\[[0-9;]*m/g, "").replace(/<\{%[^%]*%\}>/g, "");
}

/** Every file below `dir`, in path order. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else out.push(path);
  }
  return out.sort();
}

/** Fails with the properties that differ (old → new) when a command planned any change. */
export function changeReport(result: CommandResult): string[] {
  const metadata = result.events
    .map((e) => e.resourcePreEvent?.metadata)
    .filter((m): m is EngineEvent => Boolean(m) && m.op !== "same");
  return metadata.flatMap((m) =>
    changedInputs(m).map(
      (k) =>
        `${m.op} ${m.urn.split("::").pop()}.${k}: ${JSON.stringify(m.old?.inputs?.[k])} → ${JSON.stringify(m.new?.inputs?.[k])}`,
    ),
  );
}

/**
 * A step of a test file's setup that runs once, for the first test that needs it, and hands
 * every later caller the same result: tests then run alone as well as in order.
 */
export function once<T>(step: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => {
    result ??= step();
    return result;
  };
}
