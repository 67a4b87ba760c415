/**
 * The Go and Python programs import writes, compiled against the repository's SDKs: Go with
 * `go vet` (a type check) in one module that replaces the SDK module by sdk/go, Python with
 * py_compile and a check that every `sa.<name>(…)` and keyword it uses is defined by sdk/python.
 * Every literal of hostile text is read back by the language itself and must be the text.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { declareAccount } from "../../../cli/import/declarations";
import { goString } from "../../../cli/import/go-source";
import { GO_DIRECTIVE, PULUMI_GO_SDK_VERSION } from "../../../cli/import/project-files";
import { pythonString } from "../../../cli/import/python-source";
import { renderGoProgram } from "../../../cli/import/render-go";
import { renderPythonProgram } from "../../../cli/import/render-python";
import { GO_MODULE } from "../../../provider/plugin/package-schema";
import { HOSTILE_TEXT, hostileText } from "../../unit/import/hostile-text";
import { richAccount } from "../../unit/import/sdk-account";

const ROOT = resolve(__dirname, "../../..");
const work = mkdtempSync(join(tmpdir(), "import-sdk-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Hostile accounts, the same on every run. */
const accounts = fc
  .sample(fc.tuple(fc.array(hostileText, { minLength: 1, maxLength: 4 }), hostileText, hostileText), {
    numRuns: 6,
    seed: 38,
  })
  .map(([names, alias, description]) => richAccount({ names, alias, description }));
const texts = [...HOSTILE_TEXT, ...fc.sample(hostileText, { numRuns: 40, seed: 7 })];

/** Offline, from the warm module cache; go.mod may be completed but nothing is downloaded. */
const goEnv = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };

describe("the Go program", () => {
  const module = join(work, "go");

  it("names the Go and Pulumi SDK versions sdk/go is built with", () => {
    const sdkMod = execFileSync("go", ["mod", "edit", "-json"], {
      cwd: join(ROOT, "sdk/go"),
      encoding: "utf8",
    });
    const parsed = JSON.parse(sdkMod) as { Go: string; Require: { Path: string; Version: string }[] };
    expect(parsed.Go).toBe(GO_DIRECTIVE);
    expect(parsed.Require.find((r) => r.Path === "github.com/pulumi/pulumi/sdk/v3")?.Version).toBe(
      PULUMI_GO_SDK_VERSION,
    );
  });

  it("type-checks against sdk/go and is gofmt-formatted, for a rich and for hostile accounts", () => {
    mkdirSync(module, { recursive: true });
    writeFileSync(
      join(module, "go.mod"),
      [
        "module importcheck",
        "",
        `go ${GO_DIRECTIVE}`,
        "",
        `require github.com/pulumi/pulumi/sdk/v3 ${PULUMI_GO_SDK_VERSION}`,
        `require ${GO_MODULE} v0.0.0`,
        "",
        `replace ${GO_MODULE} => ${join(ROOT, "sdk/go")}`,
        "",
      ].join("\n"),
    );
    copyFileSync(join(ROOT, "examples/go-portfolio/go.sum"), join(module, "go.sum"));
    const programs = [richAccount(), ...accounts].map((a) => renderGoProgram(declareAccount(a)));
    programs.forEach((source, i) => {
      mkdirSync(join(module, `p${i}`));
      writeFileSync(join(module, `p${i}`, "main.go"), source);
    });
    execFileSync("go", ["vet", "./..."], { cwd: module, env: goEnv, stdio: "pipe" });
    // gofmt lists the files it would change: none.
    const gofmt = join(execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim(), "bin", "gofmt");
    expect(execFileSync(gofmt, ["-l", "p0"], { cwd: module, encoding: "utf8" })).toBe("");
  }, 300_000);

  it("reads every literal back as the text it was made from", () => {
    const dir = join(work, "literals");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "main.go"),
      [
        "package main",
        "",
        'import ("encoding/json"; "os")',
        "",
        "func main() {",
        `\tjson.NewEncoder(os.Stdout).Encode([]string{${texts.map(goString).join(", ")}})`,
        "}",
        "",
      ].join("\n"),
    );
    const out = execFileSync("go", ["run", "main.go"], {
      cwd: dir,
      env: { ...goEnv, GO111MODULE: "off" },
      encoding: "utf8",
    });
    // Go's JSON writes a lone surrogate as U+FFFD, as any UTF-8 does.
    expect(JSON.parse(out)).toEqual(texts.map((t) => t.replace(/\p{Cs}/gu, "\ufffd")));
  }, 120_000);
});

/** Checks that every sa.<Name>(…) call and keyword a program uses is defined by sdk/python. */
const PYTHON_CHECK = `
import ast, json, pathlib, sys
sdk = pathlib.Path(sys.argv[1])
defined = {}
for path in sdk.glob("*.py"):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ClassDef):
            for f in node.body:
                if isinstance(f, ast.FunctionDef) and f.name == "__init__":
                    args = f.args.args + f.args.kwonlyargs
                    defined.setdefault(node.name, set()).update(a.arg for a in args)
        elif isinstance(node, ast.FunctionDef) and node.col_offset == 0:
            defined.setdefault(node.name, set()).update(a.arg for a in node.args.args + node.args.kwonlyargs)
missing = []
for program in sys.argv[2:]:
    for node in ast.walk(ast.parse(pathlib.Path(program).read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and getattr(node.func.value, "id", "") == "sa":
            name = node.func.attr
            if name not in defined:
                missing.append(name)
            else:
                missing += [name + "." + k.arg for k in node.keywords if k.arg not in defined[name]]
print(json.dumps(sorted(set(missing))))
`;

describe("the Python program", () => {
  it("compiles, and calls only what sdk/python defines with keywords it takes", () => {
    const dir = join(work, "python");
    mkdirSync(dir, { recursive: true });
    const files = [richAccount(), ...accounts].map((a, i) => {
      const file = join(dir, `p${i}.py`);
      writeFileSync(file, renderPythonProgram(declareAccount(a)));
      return file;
    });
    for (const file of files) execFileSync("python3", ["-m", "py_compile", file], { stdio: "pipe" });
    const missing = execFileSync(
      "python3",
      ["-c", PYTHON_CHECK, join(ROOT, "sdk/python/pulumi_strategy_alerts"), ...files],
      { encoding: "utf8" },
    );
    expect(JSON.parse(missing)).toEqual([]);
  }, 60_000);

  it("reads every literal back as the text it was made from", () => {
    const file = join(work, "literals.py");
    writeFileSync(file, `import json\nprint(json.dumps([${texts.map(pythonString).join(", ")}]))\n`);
    expect(JSON.parse(execFileSync("python3", [file], { encoding: "utf8" }))).toEqual(texts);
  });
});
