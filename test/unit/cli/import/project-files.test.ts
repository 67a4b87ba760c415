import { describe, expect, it } from "vitest";
import {
  goProjectFiles,
  projectFileNames,
  projectFiles,
  pythonProjectFiles,
  yamlProjectFiles,
} from "../../../../cli/import/project-files";

describe("the files a project holds", () => {
  it("are known before the account is read, exactly as written", () => {
    const versions = { package: "^1", pulumi: "^3", typescript: "^5", tsNode: "^10", typesNode: "^24" };
    const sorted = (names: readonly string[]) => [...names].sort();
    expect(Object.keys(projectFiles("p", "", versions)).sort()).toEqual(
      sorted(projectFileNames("typescript")),
    );
    expect(Object.keys(yamlProjectFiles("p", "", versions)).sort()).toEqual(sorted(projectFileNames("yaml")));
    expect(Object.keys(yamlProjectFiles("p", "", versions, "installed")).sort()).toEqual(
      sorted(projectFileNames("yaml", "installed")),
    );
    expect(Object.keys(goProjectFiles("p", "", versions)).sort()).toEqual(sorted(projectFileNames("go")));
    expect(Object.keys(pythonProjectFiles("p", "", versions)).sort()).toEqual(
      sorted(projectFileNames("python")),
    );
  });
});

describe("a Go project's module path", () => {
  const versions = { package: "^1" };
  const moduleLine = (name: string) =>
    goProjectFiles(name, "", versions)
      ["go.mod"]?.split("\n")
      .find((l) => l.startsWith("module "));

  it("is the project's slug, or the slug with a suffix where the go command reserves the word", () => {
    expect(moduleLine("go")).toBe("module go-portfolio");
    expect(moduleLine("toolchain")).toBe("module toolchain-portfolio");
    expect(moduleLine("std")).toBe("module std-portfolio");
    expect(moduleLine("main")).toBe("module main");
    expect(moduleLine("python")).toBe("module python");
    expect(moduleLine("my folder é")).toBe("module my-folder-e");
  });
});

describe("a generated package.json", () => {
  const versions = { package: "^1", pulumi: "^3", typescript: "^5", tsNode: "^10", typesNode: "^24" };
  const nameOf = (files: Record<string, string>) =>
    (JSON.parse(files["package.json"] ?? "{}") as { name: string }).name;

  it("never carries the name of a package it depends on, which npm refuses to install", () => {
    expect(nameOf(projectFiles("typescript", "", versions))).toBe("typescript-portfolio");
    expect(nameOf(projectFiles("ts-node", "", versions))).toBe("ts-node-portfolio");
    expect(nameOf(yamlProjectFiles("pulumi-strategy-alerts", "", versions))).toBe(
      "pulumi-strategy-alerts-portfolio",
    );
    expect(nameOf(projectFiles("main", "", versions))).toBe("main");
  });

  it("names the project in Pulumi.yaml as Pulumi accepts it", () => {
    const pulumiYaml = projectFiles("日本語 ポートフォリオ", "", versions)["Pulumi.yaml"] ?? "";
    expect(pulumiYaml.split("\n")[0]).toBe("name: strategy-portfolio");
  });
});
