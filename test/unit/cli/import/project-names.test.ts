import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  GO_RESERVED_MODULE_PATHS,
  goModulePath,
  npmPackageName,
  projectSlug,
  yamlProjectName,
} from "../../../../cli/import/project-names";

/** Pulumi's rule for a project name (`tokens.ValidateProjectName`). */
const PULUMI_PROJECT_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * npm's rules for a package name a project may carry (validate-npm-package-name): at most 214
 * characters, lower case, no leading dot or underscore, URL-safe, not a name npm keeps.
 */
function npmNameProblem(name: string): string | undefined {
  if (name.length === 0 || name.length > 214) return "length";
  if (name !== name.toLowerCase()) return "upper case";
  if (/^[._]/.test(name)) return "leading . or _";
  if (encodeURIComponent(name) !== name) return "not URL-safe";
  if (["node_modules", "favicon.ico"].includes(name)) return "kept by npm";
  return undefined;
}

/** Folder names that break a tool when taken as they are, and plain names kept as they are. */
const FOLDERS = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 140 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "go",
    "python",
    "main",
    "std",
    "toolchain",
    "fmt",
    "time",
    "pulumi",
    "strategy-alerts",
    "pulumi-strategy-alerts",
    "typescript",
    "ts-node",
    "node_modules",
    "my folder",
    "portefeuille é",
    "日本語",
    "'quoted\"",
    "..",
    ".hidden",
    "1st portfolio",
    "2024",
    "1e5",
    "e36",
    "𝐄㊱",
    "e-5",
    "0x1f",
    "2024-01-01",
    "true",
    "Null",
    "yes",
    "off",
    "x".repeat(300),
    `${"word ".repeat(40)}end`,
  ),
);

/** Asserts `check` of the project made in each of 500 folders named as FOLDERS names them. */
const forEveryFolder = (check: (folder: string) => void) =>
  fc.assert(fc.property(FOLDERS, check), { numRuns: 500 });

describe("the project name of a generated project", () => {
  it("is one Pulumi accepts, for any folder name, and derives itself", () => {
    forEveryFolder((folder) => {
      const name = projectSlug(folder);
      expect(name).toMatch(PULUMI_PROJECT_NAME);
      expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(projectSlug(name)).toBe(name);
    });
  });

  it("keeps a plain folder name, and takes no namespace the provider or the engine owns", () => {
    expect(["go", "python", "main", "my folder", "1st portfolio"].map(projectSlug)).toEqual([
      "go",
      "python",
      "main",
      "my-folder",
      "1st-portfolio",
    ]);
    expect(projectSlug("portefeuille é")).toBe("portefeuille-e");
    expect(projectSlug("日本語")).toBe("strategy-portfolio");
    expect(projectSlug("Strategy Alerts")).toBe("strategy-alerts-portfolio");
    expect(projectSlug("pulumi")).toBe("pulumi-portfolio");
  });

  it("is cut to 100 characters at a word's end", () => {
    expect(projectSlug(`${"word ".repeat(40)}end`)).toBe(`${"word-".repeat(19)}word`);
    expect(projectSlug("x".repeat(300))).toBe("x".repeat(100));
  });
});

describe("the package.json name of a generated project", () => {
  it("is one npm accepts and never a dependency's, for any folder name", () => {
    forEveryFolder((folder) => {
      const name = npmPackageName(projectSlug(folder));
      expect(npmNameProblem(name)).toBeUndefined();
      expect([
        "pulumi-strategy-alerts",
        "typescript",
        "ts-node",
        "@types/node",
        "@pulumi/pulumi",
      ]).not.toContain(name);
    });
  });

  it("is the project name otherwise", () => {
    expect(npmPackageName("go")).toBe("go");
    expect(npmPackageName("typescript")).toBe("typescript-portfolio");
    expect(npmPackageName("pulumi-strategy-alerts")).toBe("pulumi-strategy-alerts-portfolio");
  });
});

describe("the Go module path of a generated project", () => {
  it("is never a word the go command keeps, for any folder name", () => {
    forEveryFolder((folder) => {
      const path = goModulePath(projectSlug(folder));
      expect(GO_RESERVED_MODULE_PATHS.has(path)).toBe(false);
      expect(path).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    });
  });

  it("is the project name otherwise", () => {
    expect(["go", "fmt", "std", "main", "python", "my-folder"].map(goModulePath)).toEqual([
      "go-portfolio",
      "fmt-portfolio",
      "std-portfolio",
      "main",
      "python",
      "my-folder",
    ]);
  });
});

describe("a project name written into Pulumi.yaml", () => {
  // Pulumi reads Pulumi.yaml as YAML 1.2; YAML 1.1 readers also take `yes`, `off` and dates.
  it("reads back as that name, text and not a number, a date, a boolean or null", () => {
    forEveryFolder((folder) => {
      const name = projectSlug(folder);
      for (const version of ["1.2", "1.1"] as const)
        expect(parse(`name: ${yamlProjectName(name)}\n`, { version })).toEqual({ name });
    });
  });

  it("is plain unless YAML would read it as something else", () => {
    expect(["go", "my-portfolio", "2024", "true", "1e5", "e36"].map(yamlProjectName)).toEqual([
      "go",
      "my-portfolio",
      '"2024"',
      '"true"',
      '"1e5"',
      '"e36"',
    ]);
  });
});
