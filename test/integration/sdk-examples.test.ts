/**
 * The Go and Python examples of docs/resources.md compile against the committed SDKs: the Go
 * program in a module of its own that takes sdk/go by a replace line (`go vet`, `go build`), the
 * Python program with py_compile, and every `sa.<name>` it uses is one the package defines (the
 * Pulumi Python SDK it would import is not installed here); so is examples/python-portfolio.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RESOURCE_KINDS } from "../../provider/model/kinds";
import { GO_MODULE } from "../../provider/plugin/package-identity";
import { SDK_DIR } from "../../scripts/sdk";
import { goProgram, pythonProgram } from "../../scripts/sdk-examples";
import { goCommandEnv } from "../support/go-env";
import { undefinedNames } from "../support/python-sdk-names";

const GO_BUILD_MS = 900_000;
const work = mkdtempSync(join(tmpdir(), "sdk-examples-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the Go examples", () => {
  it(
    "vet and build as one program against sdk/go",
    () => {
      const dir = join(work, "go");
      mkdirSync(dir);
      writeFileSync(join(dir, "main.go"), goProgram());
      const goMod = readFileSync(join(SDK_DIR, "go", "go.mod"), "utf8");
      const goLine = goMod.match(/^go \S+$/m)?.[0] ?? "go 1.26";
      writeFileSync(
        join(dir, "go.mod"),
        `module sdkexamples\n\n${goLine}\n\nrequire ${GO_MODULE} v0.0.0\n\nreplace ${GO_MODULE} => ${join(SDK_DIR, "go")}\n`,
      );
      copyFileSync(join(SDK_DIR, "go", "go.sum"), join(dir, "go.sum"));
      const run = (args: string[], flags = "") =>
        execFileSync("go", args, {
          cwd: dir,
          encoding: "utf8",
          env: goCommandEnv(flags),
          stdio: ["ignore", "pipe", "pipe"],
        });
      run(["mod", "tidy"], "-mod=mod");
      const gofmt = join(run(["env", "GOROOT"]).trim(), "bin", "gofmt");
      expect(execFileSync(gofmt, ["-l", "."], { cwd: dir, encoding: "utf8" }).trim()).toBe("");
      run(["vet", "."]);
      run(["build", "-o", join(dir, "program"), "."]);
    },
    GO_BUILD_MS,
  );
});

function pyCompile(file: string): void {
  execFileSync("python3", ["-m", "py_compile", file], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PYTHONPYCACHEPREFIX: join(work, "pycache") },
  });
}

describe("the Python examples", () => {
  const program = pythonProgram();

  it("compile", () => {
    const file = join(work, "__main__.py");
    writeFileSync(file, program);
    pyCompile(file);
  });

  it("use only names the package defines", () => {
    expect(undefinedNames(program)).toEqual([]);
  });
});

describe("examples/python-portfolio", () => {
  const file = join(__dirname, "..", "..", "examples", "python-portfolio", "__main__.py");

  it("compiles and uses only names the package defines", () => {
    pyCompile(file);
    expect(undefinedNames(readFileSync(file, "utf8"))).toEqual([]);
  });

  it("declares all five kinds", () => {
    const text = readFileSync(file, "utf8");
    for (const kind of RESOURCE_KINDS) expect(text, kind).toContain(`sa.${kind}(`);
  });
});
