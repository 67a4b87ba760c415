/**
 * The bench's Go binaries (bench/go): the native floor provider, a `pulumi-resource-strategy-alerts`
 * that does nothing, with the package's schema beside it; and the Go door's program on the
 * generated SDK (sdk/go), which runs on the floor and on the release binary alike. Built once per
 * content of their sources, outside the repository beside the Pulumi toolchain's cache, and
 * reused; the engine then runs the program as a prebuilt binary (the Go language host's `binary`
 * option), so no phase pays for `go build` unless the door measures it.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import { version } from "../package.json";
import { runProcess } from "../test/support/process";
import { ROOT } from "./pulumi-project";

export interface GoBinaries {
  /**
   * A directory holding the floor's `pulumi-resource-strategy-alerts` and its `schema.json` (a
   * `plugins.providers` path).
   */
  floorProviderDir: string;
  /** The Go door's program: N strategies and their activation on sdk/go. */
  portfolioProgram: string;
}

/** The plugin's checked-in schema, which the floor answers GetSchema with. */
const SCHEMA = "provider/plugin/schema.json";
/** The floor's executable, as the engine looks for a plugin named strategy-alerts. */
export const FLOOR_EXECUTABLE = "pulumi-resource-strategy-alerts";

const GO_ENV = { CGO_ENABLED: "0", GOFLAGS: "-mod=readonly", GOTOOLCHAIN: "local" };

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (/\.(go|mod|sum|json)$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

async function sourceHash(): Promise<string> {
  const hash = createHash("sha256");
  hash
    .update(version)
    .update("\0")
    .update(await readFile(join(ROOT, SCHEMA)))
    .update("\0");
  for (const dir of ["bench/go", "sdk/go"]) {
    for (const file of await filesUnder(join(ROOT, dir))) {
      hash
        .update(relative(ROOT, file))
        .update("\0")
        .update(await readFile(file))
        .update("\0");
    }
  }
  return hash.digest("hex").slice(0, 12);
}

function cacheRoot(): string {
  return (
    process.env.PSA_TOOLCHAIN_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-strategy-alerts")
  );
}

/** Builds the binaries unless this content's build is cached; returns where they are. */
export async function goBinaries(log: (line: string) => void): Promise<GoBinaries> {
  const dir = join(cacheRoot(), `bench-go-${await sourceHash()}`);
  const binaries = {
    floorProviderDir: join(dir, "floor"),
    portfolioProgram: join(dir, "portfolio"),
  };
  if (existsSync(binaries.portfolioProgram)) return binaries;
  log(`building the bench's Go binaries (bench/go) into the cache …`);
  await mkdir(cacheRoot(), { recursive: true });
  const staging = await mkdtemp(join(cacheRoot(), "staging-bench-go-"));
  try {
    await mkdir(join(staging, "floor"));
    const build = async (out: string, pkg: string, flags: string[] = []) => {
      const run = await runProcess("go", ["build", ...flags, "-o", out, pkg], {
        cwd: join(ROOT, "bench/go"),
        env: { ...process.env, ...GO_ENV },
      });
      if (run.code !== 0) throw new Error(`go build ${pkg} failed: ${run.stderr}`);
    };
    await build(join(staging, "floor", FLOOR_EXECUTABLE), "./floor-provider", [
      "-ldflags",
      `-X main.version=${version}`,
    ]);
    // The schema as the plugin answers it: the checked-in one with the package's version.
    const schema = JSON.parse(await readFile(join(ROOT, SCHEMA), "utf8")) as Record<string, unknown>;
    await writeFile(join(staging, "floor", "schema.json"), JSON.stringify({ ...schema, version }));
    await build(join(staging, "portfolio"), "./portfolio");
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return binaries;
}
