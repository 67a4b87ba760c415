/** The Go project's versions: those sdk/go is built with (its go.mod, read by `go mod edit`). */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GO_DIRECTIVE, PULUMI_GO_SDK_VERSION } from "../../../../cli/import/project-files";
import { ROOT } from "./sdk-programs";

describe("the Go project", () => {
  it("names the Go and Pulumi SDK versions sdk/go is built with", () => {
    const sdkMod = execFileSync("go", ["mod", "edit", "-json"], {
      cwd: join(ROOT, "sdk/go"),
      encoding: "utf8",
    });
    const parsed = JSON.parse(sdkMod) as { Go: string; Require: { Path: string; Version: string }[] };
    expect(parsed.Go).toBe(GO_DIRECTIVE);
    expect(parsed.Require.find((r) => r.Path === "github.com/pulumi/pulumi/sdk/v3")?.Version).toBe(
      PULUMI_GO_SDK_VERSION,
    );
  });
});
