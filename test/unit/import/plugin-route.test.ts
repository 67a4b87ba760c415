import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { outputOf } from "../../../cli/commands/import";
import { declareAccount } from "../../../cli/import/declarations";
import { yamlProjectFiles } from "../../../cli/import/project-files";
import { renderYamlProgram } from "../../../cli/import/render-yaml";
import { richAccount } from "./sdk-account";

describe("the YAML program's plugin route", () => {
  const npm = () => false;
  const binary = () => true;

  it("defaults to the installed plugin in the single-file binary, to the npm package otherwise", () => {
    expect(outputOf({ language: "yaml" }, binary)).toEqual({
      format: "program",
      language: "yaml",
      plugin: "installed",
    });
    expect(outputOf({ language: "yaml" }, npm)).toEqual({
      format: "program",
      language: "yaml",
      plugin: "npm",
    });
    expect(outputOf({ language: "yaml", plugin: "npm" }, binary)).toMatchObject({ plugin: "npm" });
    expect(outputOf({ language: "yaml", plugin: "installed" }, npm)).toMatchObject({ plugin: "installed" });
  });

  it("is asked for only with --language yaml, and only as npm or installed", () => {
    expect(() => outputOf({ language: "go", plugin: "npm" }, npm)).toThrow(
      /--plugin applies to --language yaml/,
    );
    expect(() => outputOf({ plugin: "npm" }, npm)).toThrow(/--plugin applies to --language yaml/);
    expect(() => outputOf({ format: "pulumi-import", plugin: "npm" }, npm)).toThrow(/--plugin/);
    expect(() => outputOf({ language: "yaml", plugin: "path" }, npm)).toThrow(
      /--plugin must be one of npm, installed/,
    );
    expect(outputOf({ language: "python" }, binary)).toEqual({ format: "program", language: "python" });
  });

  it("npm: a plugins section naming the package's path, and a package.json that brings it", () => {
    const yaml = renderYamlProgram("p", declareAccount(richAccount()), "npm");
    expect(parse(yaml).plugins).toEqual({
      providers: [{ name: "strategy-alerts", path: "./node_modules/pulumi-strategy-alerts" }],
    });
    expect(Object.keys(yamlProjectFiles("p", yaml, { package: "^1.0.0" }, "npm")).sort()).toEqual([
      ".gitignore",
      "Pulumi.yaml",
      "package.json",
    ]);
  });

  it("installed: no plugins section (the engine uses the installed plugin) and Pulumi.yaml alone", () => {
    const yaml = renderYamlProgram("p", declareAccount(richAccount()), "installed");
    const doc = parse(yaml);
    expect(doc.plugins).toBeUndefined();
    expect(doc.runtime).toBe("yaml");
    expect(yaml).toContain("pulumi plugin install resource");
    expect(Object.keys(yamlProjectFiles("p", yaml, { package: "^1.0.0" }, "installed"))).toEqual([
      "Pulumi.yaml",
    ]);
  });
});
