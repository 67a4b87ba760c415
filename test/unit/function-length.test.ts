/**
 * No function over 80 lines in provider/, cli/ or emulator/ (CONTRIBUTING.md): a function that
 * long does more than one thing, and the next reader has to hold all of it at once. Every
 * function declaration, method, accessor, constructor, function expression and arrow function
 * counts, nested ones included; its length is the lines its body spans, braces included.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO, sourceFiles } from "../support/source-imports";

const MAX_LINES = 80;
const CHECKED = ["provider", "cli", "emulator"];

interface LongFunction {
  /** `file:line` of the function's start. */
  at: string;
  lines: number;
}

/** The functions of one source text whose body spans more than `max` lines. */
function longFunctions(file: string, text: string, max = MAX_LINES): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const lineOf = (position: number): number => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const body = node.body as ts.Node;
      const lines = lineOf(body.getEnd()) - lineOf(body.getStart(source)) + 1;
      if (lines > max) found.push({ at: `${file}:${lineOf(node.getStart(source))}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("every function of provider/, cli/ and emulator/", () => {
  it(`has a body of at most ${MAX_LINES} lines`, () => {
    const files = sourceFiles(...CHECKED).filter((file) => !file.endsWith(".d.ts"));
    const long = files.flatMap((file) => longFunctions(file, readFileSync(join(REPO, file), "utf8")));
    expect(long).toEqual([]);
  });
});

describe("the measure", () => {
  const body = (lines: number): string =>
    Array.from({ length: lines - 2 }, (_, i) => `  f(${i});`).join("\n");

  it("names each kind of function over the limit by file and line, nested ones too", () => {
    const text = [
      `function declared() {\n${body(5)}\n}`,
      `const arrow = () => {\n${body(5)}\n};`,
      `class C {\n  method() {\n${body(5)}\n  }\n  get value() {\n${body(5)}\n  }\n}`,
      `export const outer = function () {\n  return () => {\n${body(5)}\n  };\n};`,
    ].join("\n");
    expect(longFunctions("x.ts", text, 4).map((f) => f.at)).toEqual([
      "x.ts:1",
      "x.ts:6",
      "x.ts:12",
      "x.ts:17",
      "x.ts:23",
      "x.ts:24",
    ]);
  });

  it("lets a function of exactly the limit pass, and fails it one line later", () => {
    expect(longFunctions("x.ts", `function f() {\n${body(4)}\n}`, 4)).toEqual([]);
    expect(longFunctions("x.ts", `function f() {\n${body(5)}\n}`, 4)).toEqual([{ at: "x.ts:1", lines: 5 }]);
  });

  it("ignores declarations without a body", () => {
    const text = `declare function f(): void;\ninterface I {\n  m(): void;\n}\ntype T = (a: number) => void;`;
    expect(longFunctions("x.ts", text, 0)).toEqual([]);
  });
});
