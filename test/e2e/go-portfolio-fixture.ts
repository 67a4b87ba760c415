import { copyFile, mkdtemp, readFile, realpath, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GO_BUILD_ENV } from "../support/go-env";
import { REPO_ROOT, runProcess } from "./harness";

/**
 * examples/go-portfolio as a user runs it: the program, its go.mod and go.sum in a directory of
 * their own, the Go SDK of this checkout (sdk/go) in place of the published module version.
 */
const EXAMPLE = join(REPO_ROOT, "examples/go-portfolio");
export const GO_PROJECT = "go-portfolio";
const SDK_MODULE = "github.com/strategy-alerts/pulumi-strategy-alerts/sdk/go";

/**
 * The Go environment of the engine's builds: no C compiler is needed (nor looked for), so every
 * build of the program shares one entry of Go's build cache whatever the PATH holds.
 */
export const GO_ENV = { ...GO_BUILD_ENV, GOFLAGS: "-mod=readonly" };

/**
 * A copy of the example in a fresh directory, its go.mod's replace naming this checkout's sdk/go,
 * built as its README says (`go build -o bin/go-portfolio .`, the binary Pulumi.yaml names), so
 * every pulumi command runs that binary.
 */
export async function goPortfolioDir(): Promise<string> {
  const dir = await goModuleDir();
  for (const file of ["Pulumi.yaml", "main.go"]) await copyFile(join(EXAMPLE, file), join(dir, file));
  await buildAsReadme(dir);
  return dir;
}

/**
 * Builds the Go program in `dir` with the README's build command; returns the binary it wrote,
 * the path the example's Pulumi.yaml names (`runtime.options.binary`).
 */
export async function buildAsReadme(dir: string): Promise<string> {
  const { args, binary } = await readmeBuild();
  const build = await runProcess("go", args, { cwd: dir, env: { ...process.env, ...GO_ENV } });
  if (build.code !== 0) throw new Error(`the README's go build failed: ${build.stderr}`);
  return binary;
}

/**
 * A fresh directory holding the example's go.mod and go.sum (a module that requires the SDK and
 * Pulumi's Go SDK), the replace naming this checkout's sdk/go: a program's main.go goes beside.
 */
export async function goModuleDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "psa-go-e2e-"));
  for (const file of ["go.mod", "go.sum"]) await copyFile(join(EXAMPLE, file), join(dir, file));
  const edit = await runProcess(
    "go",
    ["mod", "edit", `-replace=${SDK_MODULE}=${join(REPO_ROOT, "sdk/go")}`],
    {
      cwd: dir,
    },
  );
  if (edit.code !== 0) throw new Error(`go mod edit failed: ${edit.stderr}`);
  return dir;
}

/**
 * A directory holding links to `pulumi` and `go` only: the PATH of a Go user's machine without
 * Node.js. The CLI finds its Go language host beside its own executable, as in Pulumi's install.
 */
export async function pathWithPulumiAndGo(pulumiBinDir: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "psa-go-path-"));
  await symlink(await realpath(join(pulumiBinDir, "pulumi")), join(dir, "pulumi"));
  const go = await runProcess("go", ["env", "GOROOT"], { cwd: dir });
  if (go.code !== 0) throw new Error(`no Go toolchain: ${go.stderr}`);
  await symlink(join(go.stdout.trim(), "bin", "go"), join(dir, "go"));
  return dir;
}

/**
 * The build command of the example's README (`go build -o <binary> .`, the first command of its
 * "Build, configure, preview and apply" steps), as arguments of `go`, and the binary that
 * Pulumi.yaml names (`runtime.options.binary`): the e2e test builds the program as a reader does.
 */
export async function readmeBuild(): Promise<{ args: string[]; binary: string }> {
  const readme = await readFile(join(EXAMPLE, "README.md"), "utf8");
  const line = readme.split("\n").find((l) => l.startsWith("go build "));
  if (!line) throw new Error("examples/go-portfolio/README.md has no `go build` line");
  const args = line.replace(/#.*$/, "").trim().split(/\s+/).slice(1);
  const project = await readFile(join(EXAMPLE, "Pulumi.yaml"), "utf8");
  const binary = /^ {4}binary: (\S+)$/m.exec(project)?.[1];
  if (!binary) throw new Error("examples/go-portfolio/Pulumi.yaml names no runtime.options.binary");
  return { args, binary };
}
