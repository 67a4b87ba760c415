import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pulumiEnv } from "../scripts/pulumi-env";
import { runProcess } from "../test/support/process";
import { linkNodeModules } from "../test/support/project-modules";

export const ROOT = resolve(__dirname, "..");

/** The directory of the Pulumi CLI: PULUMI_BIN_DIR, or the one scripts/ensure-pulumi.sh provisions. */
export function pulumiBinDir(): string {
  if (process.env.PULUMI_BIN_DIR) return process.env.PULUMI_BIN_DIR;
  const out = execFileSync("bash", [join(ROOT, "scripts/ensure-pulumi.sh")], { encoding: "utf8" });
  const last = out.trim().split("\n").pop();
  if (!last) throw new Error("scripts/ensure-pulumi.sh printed no directory");
  return last.trim();
}

export interface CommandRun {
  command: string;
  code: number;
  wallMs: number;
  /** Engine diagnostics of the run (from `--json` events), ANSI stripped. */
  diagnostics: { severity: string; message: string }[];
  stderr: string;
  /** Everything printed on stdout (with `--json`, the engine's events or the preview digest). */
  stdout: string;
}

/**
 * A throwaway Pulumi project on a local file backend, driven through the real CLI the way a CI
 * job drives it (`up --yes --skip-preview`, `preview`, `refresh --yes`, `destroy --yes`), each
 * command timed from spawn to exit. The package is linked from this repository (its dist/).
 */
export class BenchProject {
  private constructor(
    readonly dir: string,
    private readonly env: NodeJS.ProcessEnv,
    /** The file the program lives in: index.ts, or Pulumi.yaml for a YAML program. */
    private readonly programFile: string,
  ) {}

  static async create(options: {
    name: string;
    program: string;
    pulumiBinDir: string;
    apiKey: string;
    baseUrl: string;
    env?: Record<string, string>;
    /**
     * "yaml": `program` is the whole Pulumi.yaml of a YAML program; "go": the whole Pulumi.yaml of
     * a Go program run as a prebuilt binary (its parameters in the project's config). Default:
     * TypeScript index.ts.
     */
    language?: "typescript" | "yaml" | "go";
    /** Extra files written beside the program, by relative path. */
    files?: Record<string, { text: string; mode?: number }>;
    /** The checkout whose package (and node_modules) the program uses (default: this one). */
    packageRoot?: string;
  }): Promise<BenchProject> {
    const dir = await mkdtemp(join(tmpdir(), "psa-bench-"));
    const yaml = options.language === "yaml" || options.language === "go";
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: options.name, private: true }));
    if (yaml) {
      await writeFile(join(dir, "Pulumi.yaml"), options.program);
    } else {
      await writeFile(
        join(dir, "Pulumi.yaml"),
        `name: ${options.name}\nmain: index.ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n`,
      );
      await writeFile(
        join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: { strict: true, target: "ES2022", module: "commonjs", skipLibCheck: true },
          files: ["index.ts"],
        }),
      );
      await writeFile(join(dir, "index.ts"), options.program);
    }
    for (const [file, { text, mode }] of Object.entries(options.files ?? {})) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text, { mode });
    }
    await linkNodeModules(dir, options.packageRoot);
    await mkdir(join(dir, ".state"));
    const env = pulumiEnv({
      pulumiBinDir: options.pulumiBinDir,
      home: join(dir, ".pulumi-home"),
      stateDir: join(dir, ".state"),
      extra: { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true", NO_COLOR: "1", ...options.env },
    });
    const project = new BenchProject(dir, env, yaml ? "Pulumi.yaml" : "index.ts");
    await project.must(["stack", "init", "bench", "--non-interactive"]);
    await project.must(["config", "set", "--secret", "strategy-alerts:apiKey", "--", options.apiKey]);
    await project.must(["config", "set", "--plaintext", "strategy-alerts:baseUrl", "--", options.baseUrl]);
    return project;
  }

  /**
   * `pulumi plugin install resource <name> <version> --file <file>` into the project's own
   * PULUMI_HOME: the plugin installed as a user installs it, so the engine caches its schema.
   */
  installPlugin(name: string, version: string, file: string): Promise<void> {
    return this.must(["plugin", "install", "resource", name, version, "--file", file]);
  }

  writeProgram(source: string): Promise<void> {
    return writeFile(join(this.dir, this.programFile), source);
  }

  /** `pulumi stack export`: the checkpoint, e.g. to weigh what the engine stores per resource. */
  async stackExport(): Promise<string> {
    const run = await runProcess("pulumi", ["stack", "export", "--stack", "bench"], {
      cwd: this.dir,
      env: this.env,
    });
    if (run.code !== 0) throw new Error(`pulumi stack export failed: ${run.stderr}`);
    return run.stdout;
  }

  up(extra: string[] = []): Promise<CommandRun> {
    return this.engine(["up", "--yes", "--skip-preview", ...extra]);
  }

  preview(extra: string[] = []): Promise<CommandRun> {
    return this.engine(["preview", ...extra]);
  }

  refresh(extra: string[] = []): Promise<CommandRun> {
    return this.engine(["refresh", "--yes", "--skip-preview", ...extra]);
  }

  destroy(extra: string[] = []): Promise<CommandRun> {
    return this.engine(["destroy", "--yes", "--skip-preview", ...extra]);
  }

  cleanup(): Promise<void> {
    return rm(this.dir, { recursive: true, force: true });
  }

  private engine(args: string[]): Promise<CommandRun> {
    return this.exec([...args, "--json", "--non-interactive", "--stack", "bench"]);
  }

  private async must(args: string[]): Promise<void> {
    const run = await this.exec(args);
    if (run.code !== 0) throw new Error(`pulumi ${args[0]} failed (${run.code}): ${run.stderr}`);
  }

  private async exec(args: string[]): Promise<CommandRun> {
    const started = performance.now();
    const run = await runProcess("pulumi", args, { cwd: this.dir, env: this.env });
    return {
      command: `pulumi ${args.join(" ")}`,
      code: run.code,
      wallMs: Math.round(performance.now() - started),
      diagnostics: diagnosticsOf(run.stdout),
      stderr: run.stderr,
      stdout: run.stdout,
    };
  }
}

function diagnosticsOf(stdout: string): { severity: string; message: string }[] {
  const out: { severity: string; message: string }[] = [];
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const d = JSON.parse(line).diagnosticEvent;
      if (d) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are control characters.
        out.push({ severity: d.severity, message: String(d.message).replace(/\u001b\[[0-9;]*m/g, "") });
      }
    } catch {
      // Plain text before the first event.
    }
  }
  return out;
}
