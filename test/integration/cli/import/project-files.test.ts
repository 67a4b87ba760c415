/** The Go project's versions: those sdk/go is built with (its go.mod, read by `go mod edit`). */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GO_DIRECTIVE, goProjectFiles, PULUMI_GO_SDK_VERSION } from "../../../../cli/import/project-files";
import { GO_RESERVED_MODULE_PATHS } from "../../../../cli/import/project-names";
import { goCommandEnv } from "../../../support/go-env";
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

describe("the go.mod import writes", () => {
  // `go list -m` reads go.mod as a build does and names the main module, without fetching one.
  it.each(["go", "toolchain", "fmt", "time", "python", "main", "my folder", "portefeuille é"])(
    "is a module the go command accepts for a folder named %j",
    (folder) => {
      const dir = mkdtempSync(join(tmpdir(), "psa-gomod-"));
      try {
        writeFileSync(join(dir, "go.mod"), goProjectFiles(folder, "", { package: "0.2.0" })["go.mod"] ?? "");
        const main = execFileSync("go", ["list", "-m"], {
          cwd: dir,
          encoding: "utf8",
          env: goCommandEnv("-mod=mod", { offline: true }),
        });
        expect(main.trim()).toMatch(/^[a-z0-9-]+$/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe("the module paths import keeps away from", () => {
  // A main module named like a standard-library package makes that package an ambiguous import.
  it("hold the first element of every standard-library package of this Go", () => {
    const std = execFileSync("go", ["list", "std"], {
      encoding: "utf8",
      env: { ...process.env, GOTOOLCHAIN: "local" },
    });
    const firsts = new Set(
      std
        .split("\n")
        .filter(Boolean)
        .map((p) => p.split("/")[0]!),
    );
    expect([...firsts].filter((first) => !GO_RESERVED_MODULE_PATHS.has(first))).toEqual([]);
  });
});
