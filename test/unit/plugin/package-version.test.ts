import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageVersion } from "../../../provider/plugin/package-version";
import { REPO } from "../../support/source-imports";

describe("packageVersion", () => {
  it("is the version of the package.json above the plugin's files, read once", () => {
    const { version } = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string };
    expect(packageVersion()).toBe(version);
    expect(packageVersion()).toBe(packageVersion());
  });
});
