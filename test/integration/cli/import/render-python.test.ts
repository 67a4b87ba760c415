/**
 * The Python program import writes: py_compile, and a check that every `sa.<name>(…)` and
 * keyword it uses is defined by sdk/python, for a rich and for hostile accounts.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { declareAccount } from "../../../../cli/import/declarations";
import { renderPythonProgram } from "../../../../cli/import/render-python";
import { richAccount } from "../../../unit/cli/import/sdk-account";
import { accounts, ROOT, workDirectory } from "./sdk-programs";

const work = workDirectory();
afterAll(() => rmSync(work, { recursive: true, force: true }));

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
});
