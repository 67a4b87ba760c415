/**
 * The Go program import writes, compiled against the repository's SDK: `go vet` (a type check)
 * in one module that replaces the SDK module by sdk/go, and gofmt, for a rich and for hostile
 * accounts.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { declareAccount } from "../../../../cli/import/declarations";
import { GO_DIRECTIVE, PULUMI_GO_SDK_VERSION } from "../../../../cli/import/project-files";
import { renderGoProgram } from "../../../../cli/import/render-go";
import { GO_MODULE } from "../../../../provider/plugin/package-identity";
import { richAccount } from "../../../unit/cli/import/sdk-account";
import { accounts, goEnv, ROOT, workDirectory } from "./sdk-programs";

const work = workDirectory();
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the Go program", () => {
  const module = join(work, "go");

  it("type-checks against sdk/go and is gofmt-formatted, for a rich and for hostile accounts", () => {
    mkdirSync(module, { recursive: true });
    writeFileSync(
      join(module, "go.mod"),
      [
        "module importcheck",
        "",
        `go ${GO_DIRECTIVE}`,
        "",
        `require github.com/pulumi/pulumi/sdk/v3 ${PULUMI_GO_SDK_VERSION}`,
        `require ${GO_MODULE} v0.0.0`,
        "",
        `replace ${GO_MODULE} => ${join(ROOT, "sdk/go")}`,
        "",
      ].join("\n"),
    );
    copyFileSync(join(ROOT, "examples/go-portfolio/go.sum"), join(module, "go.sum"));
    const programs = [richAccount(), ...accounts].map((a) => renderGoProgram(declareAccount(a)));
    programs.forEach((source, i) => {
      mkdirSync(join(module, `p${i}`));
      writeFileSync(join(module, `p${i}`, "main.go"), source);
    });
    execFileSync("go", ["vet", "./..."], { cwd: module, env: goEnv, stdio: "pipe" });
    // gofmt lists the files it would change: none.
    const gofmt = join(execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim(), "bin", "gofmt");
    expect(execFileSync(gofmt, ["-l", "p0"], { cwd: module, encoding: "utf8" })).toBe("");
  }, 300_000);
});
