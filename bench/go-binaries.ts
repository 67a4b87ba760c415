/**
 * The bench's Go binaries (bench/go): the native floor provider (`pulumi-resource-floor`), the Go
 * floor program over it, and the Go door's program on the generated SDK (sdk/go). Built once per
 * content of their sources, outside the repository beside the Pulumi toolchain's cache, and
 * reused; the engine then runs the programs as prebuilt binaries (the Go language host's
 * `binary` option), so no phase pays for `go build`.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import { runProcess } from "../test/support/process";
import { ROOT } from "./pulumi-project";

export interface GoBinaries {
  /** A directory holding `pulumi-resource-floor` (a `plugins.providers` path). */
  floorProviderDir: string;
  /** The Go floor program: N things over the native floor. */
  floorProgram: string;
  /** The Go door's program: N strategies and their activation on sdk/go. */
  portfolioProgram: string;
}

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
    floorProgram: join(dir, "floor-portfolio"),
    portfolioProgram: join(dir, "portfolio"),
  };
  if (existsSync(binaries.portfolioProgram)) return binaries;
  log(`building the bench's Go binaries (bench/go) into the cache …`);
  await mkdir(cacheRoot(), { recursive: true });
  const staging = await mkdtemp(join(cacheRoot(), "staging-bench-go-"));
  try {
    await mkdir(join(staging, "floor"));
    const build = async (out: string, pkg: string) => {
      const run = await runProcess("go", ["build", "-o", out, pkg], {
        cwd: join(ROOT, "bench/go"),
        env: { ...process.env, ...GO_ENV },
      });
      if (run.code !== 0) throw new Error(`go build ${pkg} failed: ${run.stderr}`);
    };
    await build(join(staging, "floor", "pulumi-resource-floor"), "./floor-provider");
    await build(join(staging, "floor-portfolio"), "./floor-portfolio");
    await build(join(staging, "portfolio"), "./portfolio");
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return binaries;
}
