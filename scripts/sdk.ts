/**
 * `npm run sdk`: writes the provider plugin's Go SDK (sdk/go) and Python SDK (sdk/python) from
 * its package schema (provider/plugin/schema.json, `npm run schema`) for this package's version,
 * with Pulumi's own code generators, then completes sdk/go's go.mod and go.sum with
 * `go mod tidy`, and the Go and Python examples of docs/resources.md (scripts/sdk-examples.ts).
 *
 * The generator is a Go command of scripts/pulumi-toolchain (cmd/sdk-gen, over the package
 * cmd/internal/sdkgen that a Go language host can call as well), built from the Go module proxy
 * once per change of its sources or module files and kept outside the repository like the
 * toolchain (`$PSA_TOOLCHAIN_CACHE`, else `$XDG_CACHE_HOME/pulumi-strategy-alerts`, else
 * `~/.cache/pulumi-strategy-alerts`). It refuses a schema that Pulumi's binder reports anything
 * about, warnings included. A test regenerates into a temporary directory and fails while the
 * committed SDKs differ.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { join, relative, resolve } from "node:path";
import { RESOURCES_DOC, withExamples } from "./sdk-examples";

const ROOT = resolve(__dirname, "..");
const TOOLCHAIN = join(ROOT, "scripts", "pulumi-toolchain");
const SOURCES = ["cmd/sdk-gen", "cmd/internal/sdkgen"];
export const SCHEMA_PATH = join(ROOT, "provider", "plugin", "schema.json");
export const SDK_DIR = join(ROOT, "sdk");
/** The languages the generator writes, each into `<out>/<language>`. */
export const SDK_LANGUAGES = ["go", "python"] as const;

/** The files under dir, relative and slash-separated, sorted. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split("\\").join("/"));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** The hash of what the generator binary is made of: its sources and the module's go.mod and go.sum. */
function generatorHash(): string {
  const hash = createHash("sha256");
  const files = [
    "go.mod",
    "go.sum",
    ...SOURCES.flatMap((dir) =>
      filesUnder(join(TOOLCHAIN, dir))
        .filter((file) => file.endsWith(".go"))
        .map((file) => `${dir}/${file}`),
    ),
  ];
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(TOOLCHAIN, file)));
  return hash.digest("hex").slice(0, 16);
}

function cacheRoot(): string {
  return (
    process.env.PSA_TOOLCHAIN_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-strategy-alerts")
  );
}

/**
 * The generator binary, built when none of this hash is cached. The build goes to a staging
 * folder renamed into place, so a concurrent run (another test file) never sees half a binary.
 */
export function ensureGenerator(): string {
  const dir = join(cacheRoot(), `sdk-gen-${generatorHash()}`);
  const binary = join(dir, "sdk-gen");
  if (existsSync(binary)) return binary;
  mkdirSync(cacheRoot(), { recursive: true });
  const staging = mkdtempSync(join(cacheRoot(), "staging-sdk-gen-"));
  try {
    execFileSync("go", ["build", "-mod=readonly", "-o", join(staging, "sdk-gen"), "./cmd/sdk-gen"], {
      cwd: TOOLCHAIN,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, GOFLAGS: "" },
    });
    if (!existsSync(binary)) renameSync(staging, dir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}

/** This package's version: the plugin version the SDKs ask the engine for. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
}

/** Runs the generator: `<out>/go` and `<out>/python` become exactly the generated files (go.sum kept). */
export function generateSdks(out: string): void {
  execFileSync(
    ensureGenerator(),
    ["-schema", SCHEMA_PATH, "-version", packageVersion(), "-out", out, "-language", SDK_LANGUAGES.join(",")],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
}

/** The schema binder's diagnostics, one a line (none for a schema fit to generate from). */
export function schemaDiagnostics(): string[] {
  const text = execFileSync(
    ensureGenerator(),
    ["-schema", SCHEMA_PATH, "-version", packageVersion(), "-check"],
    {
      encoding: "utf8",
    },
  );
  return text.split("\n").filter((line) => line !== "");
}

if (require.main === module) {
  generateSdks(SDK_DIR);
  execFileSync("go", ["mod", "tidy"], { cwd: join(SDK_DIR, "go"), stdio: "inherit" });
  writeFileSync(RESOURCES_DOC, withExamples(readFileSync(RESOURCES_DOC, "utf8")));
  console.log(
    `wrote sdk/go and sdk/python for version ${packageVersion()}, and their examples in docs/resources.md`,
  );
}
