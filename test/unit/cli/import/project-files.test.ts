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
