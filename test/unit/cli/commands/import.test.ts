import { describe, expect, it } from "vitest";
import { outputOf } from "../../../../cli/commands/import";

describe("the YAML program's plugin route (--plugin)", () => {
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
});
