import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { documentFiles, ROOT } from "../../support/doc-programs";

// The README is the front page: what the package is, the two commands, one portfolio per
// language, links. Everything else lives once in docs/ (docs/install.md for the install routes).
const README_MAX_LINES = 250;
const readme = readFileSync(join(ROOT, "README.md"), "utf8");

describe("README.md", () => {
  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("shows the two commands: the demo and the tests", () => {
    expect(readme).toContain("npm ci && npm run demo");
    expect(readme).toMatch(/^npm test\b/m);
  });
});

// A relative link with an anchor is checked by service-api-citations.test.ts; this checks the file.
const LINK = /\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g;

describe("the relative links of README.md, docs/*.md and the examples' Markdown", () => {
  it("point to files that exist", () => {
    const broken: string[] = [];
    for (const file of documentFiles()) {
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const [, target = ""] of line.matchAll(LINK)) {
            if (/^[a-z]+:/i.test(target)) continue;
            if (!existsSync(join(ROOT, dirname(file), decodeURIComponent(target))))
              broken.push(`${file}:${i + 1} ${target}`);
          }
        });
    }
    expect(broken).toEqual([]);
  });
});
