/**
 * The rules of CONTRIBUTING.md's test suites, held against the test files themselves: a unit
 * test does no network and starts no process, and no test is skipped, left to do or run alone.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, resolveRelative, runtimeSpecifiers, sourceFiles } from "../support/source-imports";

/** Modules that open sockets or start processes: a unit test reaches none of them. */
const IO_MODULES = new Set(
  ["http", "https", "http2", "net", "tls", "dgram", "child_process", "cluster"].flatMap((name) => [
    name,
    `node:${name}`,
  ]),
);
/** Sockets by another door: the HTTP client library, and the repository's servers. */
const IO_PACKAGES = new Set(["undici"]);
const IO_FILES = new Set(["emulator/server.ts", "emulator/cli.ts", "emulator/main.ts"]);

/**
 * What a unit test file loads at run time that does I/O: its own imports and, through the
 * helpers of test/ it loads, theirs. Product modules are not followed: a unit test may load a
 * module that can send requests, as long as the test never starts a server or a process.
 */
function ioReachedFrom(file: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (current: string, via: string): void => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const specifier of runtimeSpecifiers(current)) {
      const relative = specifier.startsWith(".");
      const target = relative ? resolveRelative(current, specifier) : specifier;
      const where = `${via}${current === file ? "" : ` → ${current}`}`;
      if (IO_MODULES.has(specifier) || IO_PACKAGES.has(specifier) || IO_FILES.has(target)) {
        found.push(`${where} loads ${target}`);
      } else if (relative && target.startsWith("test/")) {
        visit(target, where);
      }
    }
  };
  visit(file, file);
  return found;
}

describe("unit tests", () => {
  const files = sourceFiles("test/unit");

  it("exist, so the rule below has something to hold", () => {
    expect(files.filter((file) => file.endsWith(".test.ts")).length).toBeGreaterThan(50);
  });

  it("do no network and start no process, not even through a helper", () => {
    expect(files.flatMap(ioReachedFrom)).toEqual([]);
  });

  it("call no global fetch", () => {
    const fetching = files.filter((file) => /\bfetch\(/.test(readFileSync(join(REPO, file), "utf8")));
    expect(fetching).toEqual([]);
  });
});

/**
 * `.skip`, `.todo`, `.only` on a test, a suite or a benchmark, and `skipIf`/`runIf`; the one
 * condition allowed is the end-to-end files' `runIf(inject("pulumiBinDir"))`, which a CI run
 * never takes (the global setup fails a CI run without the Pulumi CLI).
 */
const SKIPPING = /(?<![.\w])(?:it|test|describe|suite|bench)(?:\.\w+)*\.(?:skip|todo|only|skipIf|runIf)\b/g;
const ALLOWED_CONDITION = 'describe.runIf(inject("pulumiBinDir"))';

function skipsIn(file: string): string[] {
  const text = readFileSync(join(REPO, file), "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(SKIPPING)) {
    if (text.startsWith(ALLOWED_CONDITION, match.index)) continue;
    const line = text.slice(0, match.index).split("\n").length;
    found.push(`${file}:${line} ${match[0]}`);
  }
  for (const match of text.matchAll(/\bctx\.skip\(|\bcontext\.skip\(/g)) {
    found.push(`${file}:${text.slice(0, match.index).split("\n").length} ${match[0]}`);
  }
  return found;
}

describe("every test file", () => {
  it("skips nothing, leaves nothing to do and runs nothing alone", () => {
    const files = [...sourceFiles("test"), ...sourceFiles("examples").filter((f) => f.endsWith(".test.ts"))];
    expect(files.flatMap(skipsIn)).toEqual([]);
  });

  it("is caught by the rule when it skips (the rule's own check)", () => {
    // Joined here, so that this file itself holds none of them.
    const samples = [
      ["it", "skip("],
      ["describe", "only("],
      ["it", "todo("],
      ["test", "skipIf(x)("],
      ["it", "concurrent", "only("],
      ["describe", "runIf(ci)("],
    ].map((parts) => parts.join("."));
    expect(samples.filter((sample) => !new RegExp(SKIPPING.source).test(sample))).toEqual([]);
    expect(new RegExp(SKIPPING.source).test("{ ...only }")).toBe(false);
  });
});
