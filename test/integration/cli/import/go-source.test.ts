/** Go string literals of hostile text, read back by Go itself (go run): each must be its text. */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { goString } from "../../../../cli/import/go-source";
import { goEnv, texts, workDirectory } from "./sdk-programs";

const work = workDirectory();
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("Go string literals of account text", () => {
  it("reads every literal back as the text it was made from", () => {
    const dir = join(work, "literals");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "main.go"),
      [
        "package main",
        "",
        'import ("encoding/json"; "os")',
        "",
        "func main() {",
        `\tjson.NewEncoder(os.Stdout).Encode([]string{${texts.map(goString).join(", ")}})`,
        "}",
        "",
      ].join("\n"),
    );
    const out = execFileSync("go", ["run", "main.go"], {
      cwd: dir,
      env: { ...goEnv, GO111MODULE: "off" },
      encoding: "utf8",
    });
    // Go's JSON writes a lone surrogate as U+FFFD, as any UTF-8 does.
    expect(JSON.parse(out)).toEqual(texts.map((t) => t.replace(/\p{Cs}/gu, "\ufffd")));
  }, 120_000);
});
