import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_DEVELOPER, EXAMPLE_DEVELOPER } from "../../../emulator/accounts/seed";

const ROOT = resolve(__dirname, "../../..");

/** Every program of examples/ and the docs that declares a followed developer. */
const PROGRAMS = [
  "examples/portfolio/index.ts",
  "examples/yaml-portfolio/Pulumi.yaml",
  "examples/go-portfolio/main.go",
  "examples/python-portfolio/__main__.py",
  "docs/resources.md",
  "README.md",
];

describe("the wallet the examples follow", () => {
  it.each(PROGRAMS)("%s follows the examples' wallet, never one a demo user follows", (file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    expect(text).toContain(EXAMPLE_DEVELOPER);
    // A seeded follow would make the documented "against the emulator" steps fail at preview.
    expect(text).not.toContain(DEMO_DEVELOPER);
  });
});
