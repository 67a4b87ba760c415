import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Code, JSDoc and docs cite the service's API by a heading of docs/service-api.md, so a reader can
// open every citation; section numbers of a document outside the repository cannot be opened.

const ROOT = resolve(__dirname, "../../..");
const SCANNED_DIRS = ["provider", "cli", "emulator", "scripts", "bench", "test", "docs", "examples"];
const SCANNED_FILES = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".e2e-work", "bench-results"]);
const TEXT_FILE = /\.(ts|mts|js|mjs|cjs|md|ya?ml)$/;

/** GitHub's heading anchor: lower case, punctuation and symbols dropped, each space a hyphen. */
function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown text's ATX headings, repeats numbered as GitHub numbers them. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = githubSlug(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function scannedFiles(): string[] {
  const files = SCANNED_FILES.map((f) => join(ROOT, f));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path);
      } else if (TEXT_FILE.test(entry.name)) files.push(path);
    }
  };
  for (const dir of SCANNED_DIRS) walk(join(ROOT, dir));
  return files;
}

interface Found {
  file: string;
  line: number;
  text: string;
}

function findAll(pattern: RegExp, files: string[], pick: (m: RegExpExecArray) => string): Found[] {
  const found: Found[] = [];
  for (const file of files) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, index) => {
        for (const m of line.matchAll(pattern)) {
          found.push({ file: relative(ROOT, file), line: index + 1, text: pick(m) });
        }
      });
  }
  return found;
}

// service-api.md, a hash and an anchor: bare in code, or a Markdown link target in docs.
const CITATION = /service-api\.md#([\p{L}\p{N}_%-]+)/gu;
// A section number of a document outside the repository, after "spec", "spec section" or a section
// sign; one or two digits, so a status code ("the spec's 400") is not one.
const SECTION_NUMBER =
  /\bspec(?:ification)?(?:'s)?\s+(?:sections?\s+)?(?:§\s*)?\d{1,2}(?:\.\d+)*\b|§\s*\d|\bsections?\s+\d{1,2}(?:\.\d+)*\b/gi;
// A Markdown link with an anchor into one of the repository's Markdown files.
const MARKDOWN_ANCHOR_LINK = /\]\(([^)\s#]*\.md)?#([^)\s]+)\)/g;

const files = scannedFiles();
const serviceApi = readFileSync(join(ROOT, "docs/service-api.md"), "utf8");
const serviceApiAnchors = headingAnchors(serviceApi);

describe("GitHub heading anchors", () => {
  it("drop punctuation, symbols and code marks, keep underscores and hyphens, and number repeats", () => {
    expect(githubSlug("Rules that cannot be dealbreakers (display name → rule id)")).toBe(
      "rules-that-cannot-be-dealbreakers-display-name--rule-id",
    );
    expect(githubSlug("Strategy input limits and validation decisions (`validateStrategyInput`)")).toBe(
      "strategy-input-limits-and-validation-decisions-validatestrategyinput",
    );
    expect(githubSlug("Backtests (`backtests.test.ts`, `history.test.ts`)")).toBe(
      "backtests-backteststestts-historytestts",
    );
    expect(githubSlug("token_age in [hours](x.md)")).toBe("token_age-in-hours");
    expect([...headingAnchors("# A\n## A\n```\n# B\n```\n### A")]).toEqual(["a", "a-1", "a-2"]);
  });
});

describe("citations of docs/service-api.md", () => {
  it("are found in code, JSDoc and docs", () => {
    const citations = findAll(CITATION, files, (m) => m[1] ?? "");
    const inCode = citations.filter((c) => c.file.startsWith("provider/") || c.file.startsWith("emulator/"));
    expect(inCode.length).toBeGreaterThan(50);
    expect(citations.some((c) => c.file.startsWith("docs/"))).toBe(true);
  });

  it("each point to a heading that exists", () => {
    const broken = findAll(CITATION, files, (m) => m[1] ?? "").filter((c) => !serviceApiAnchors.has(c.text));
    expect(broken.map((c) => `${c.file}:${c.line} #${c.text}`)).toEqual([]);
  });

  it("replace every section number of the service's documentation", () => {
    const leftovers = findAll(SECTION_NUMBER, files, (m) => m[0]);
    expect(leftovers.map((c) => `${c.file}:${c.line} ${c.text}`)).toEqual([]);
  });

  it("would catch a section number in each form it was written in", () => {
    const forms = [
      ["spec", "2.4"],
      ["(spec", "section", "8)"],
      ["Spec", "4.2 rule 2"],
      ["§", "7"],
    ];
    for (const form of forms) {
      expect(`x ${form.join(" ")} y`.match(SECTION_NUMBER), form.join(" ")).not.toBeNull();
    }
    expect("sectionHeadings(tokens)".match(SECTION_NUMBER)).toBeNull();
    expect("the spec's 400".match(SECTION_NUMBER)).toBeNull();
  });
});

describe("docs/service-api.md", () => {
  it("links every point the service leaves open to its decision in spec-decisions.md", () => {
    const paragraphs = serviceApi.split(/\n\s*\n/).filter((p) => p.includes("Not shown:"));
    expect(paragraphs.length).toBeGreaterThan(10);
    const unlinked = paragraphs.filter((p) => !/\]\(spec-decisions\.md#[^)]+\)/.test(p));
    expect(unlinked).toEqual([]);
  });

  it("has Markdown links whose anchors exist, in every doc of the repository", () => {
    const markdown = files.filter((f) => f.endsWith(".md"));
    const anchorsOf = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const file of markdown) {
      findAll(MARKDOWN_ANCHOR_LINK, [file], (m) => `${m[1] ?? ""}#${m[2]}`).forEach((link) => {
        const [target = "", anchor = ""] = link.text.split("#");
        const path = target === "" ? file : resolve(dirname(file), target);
        if (!anchorsOf.has(path)) anchorsOf.set(path, headingAnchors(readFileSync(path, "utf8")));
        if (!anchorsOf.get(path)?.has(decodeURIComponent(anchor)))
          broken.push(`${link.file}:${link.line} ${link.text}`);
      });
    }
    expect(broken).toEqual([]);
  });
});
