import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  GO_MODULE,
  PLUGIN_DOWNLOAD_URL,
  PYTHON_PACKAGE,
  REPOSITORY,
} from "../../../provider/plugin/package-identity";

describe("the package's identity", () => {
  it("derives the download URL and the Go module from the one repository", () => {
    expect(REPOSITORY).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect(PLUGIN_DOWNLOAD_URL).toBe(`github://api.github.com/${REPOSITORY}`);
    expect(GO_MODULE).toBe(`github.com/${REPOSITORY}/sdk/go`);
    expect(PYTHON_PACKAGE).toMatch(/^[a-z_]+$/);
  });

  it("is the repository package.json names and the Go SDK's module", () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { repository: { url: string } };
    expect(manifest.repository.url).toBe(`git+https://github.com/${REPOSITORY}.git`);
    expect(readFileSync("sdk/go/go.mod", "utf8")).toContain(`module ${GO_MODULE}`);
  });
});
