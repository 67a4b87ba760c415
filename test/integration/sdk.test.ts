/**
 * The committed SDKs (sdk/go, sdk/python) are what `npm run sdk` makes of the plugin's schema,
 * and they build: the Go module with `go build`, `go vet` and a tidy go.mod, the Python package
 * with compileall and the metadata a user's installer reads. The generator is built once per
 * change of its sources, outside the repository, so a run with an unchanged generator only
 * generates (seconds) and diffs.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GO_MODULE, PLUGIN_DOWNLOAD_URL, PYTHON_PACKAGE } from "../../provider/plugin/package-identity";
import {
  filesUnder,
  generateSdks,
  packageVersion,
  SDK_DIR,
  SDK_LANGUAGES,
  schemaDiagnostics,
} from "../../scripts/sdk";
import { goCommandEnv } from "../support/go-env";

/** A Go build with a cold cache compiles the Pulumi Go SDK: minutes on two shared cores. */
const GO_BUILD_MS = 900_000;
const GO_DIR = join(SDK_DIR, "go");
const PYTHON_DIR = join(SDK_DIR, "python");

let fresh: string;

beforeAll(() => {
  fresh = mkdtempSync(join(tmpdir(), "sdk-fresh-"));
  generateSdks(fresh);
}, GO_BUILD_MS);

afterAll(() => rmSync(fresh, { recursive: true, force: true }));

/** go.mod's lines that the generator writes (the rest is `go mod tidy`'s). */
function generatedGoMod(text: string): string[] {
  const lines = text.split("\n").map((line) => line.trim().replace(/^require (?!\()/, ""));
  return lines.filter(
    (line) =>
      line.startsWith("module ") ||
      line.startsWith("go ") ||
      /^github\.com\/pulumi\/pulumi\/sdk\/v3 v\S+$/.test(line),
  );
}

function go(args: string[]): string {
  return execFileSync("go", args, {
    cwd: GO_DIR,
    encoding: "utf8",
    env: goCommandEnv("-mod=readonly"),
    stdio: ["ignore", "pipe", "pipe"],
  });
}

describe("the plugin's schema", () => {
  it("binds in Pulumi's own binder with no error and no warning", () => {
    expect(schemaDiagnostics()).toEqual([]);
  });
});

describe("the committed SDKs", () => {
  it.each(SDK_LANGUAGES)("%s: are a fresh generation from the schema (run `npm run sdk`)", (language) => {
    const committed = filesUnder(join(SDK_DIR, language)).filter((file) => file !== "go.sum");
    const generated = filesUnder(join(fresh, language)).filter((file) => file !== "go.sum");
    expect(committed).toEqual(generated);
    for (const file of generated) {
      const want = readFileSync(join(fresh, language, file), "utf8");
      const have = readFileSync(join(SDK_DIR, language, file), "utf8");
      if (file === "go.mod") expect(generatedGoMod(have), file).toEqual(generatedGoMod(want));
      else expect(have, `${language}/${file}`).toBe(want);
    }
  });

  it("name the plugin, its version and where the engine downloads it", () => {
    for (const file of [
      join(GO_DIR, "strategyalerts", "pulumi-plugin.json"),
      join(PYTHON_DIR, PYTHON_PACKAGE, "pulumi-plugin.json"),
    ])
      expect(JSON.parse(readFileSync(file, "utf8")), file).toEqual({
        resource: true,
        name: "strategy-alerts",
        version: packageVersion(),
        server: PLUGIN_DOWNLOAD_URL,
      });
  });
});

describe("the Go SDK", () => {
  it(
    "is a module that builds, vets and is tidy",
    () => {
      expect(readFileSync(join(GO_DIR, "go.mod"), "utf8")).toContain(`module ${GO_MODULE}\n`);
      go(["build", "./..."]);
      go(["vet", "./..."]);
      go(["mod", "tidy", "-diff"]);
    },
    GO_BUILD_MS,
  );

  it("has every property as an exported field (none that a Go user cannot set)", () => {
    const types = readFileSync(join(GO_DIR, "strategyalerts", "pulumiTypes.go"), "utf8");
    const unexported = types.split("\n").filter((line) => /^\s+_\w*\s.*`pulumi:"/.test(line));
    expect(unexported).toEqual([]);
    expect(types).toMatch(/\tWindows pulumi\.Float64MapInput `pulumi:"windows"`/);
  });
});

describe("the Python SDK", () => {
  it("compiles", () => {
    execFileSync("python3", ["-m", "compileall", "-q", "-f", join(PYTHON_DIR, PYTHON_PACKAGE)], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, PYTHONPYCACHEPREFIX: mkdtempSync(join(tmpdir(), "pycache-")) },
    });
  });

  it("says in pyproject.toml what it is and what it requires", () => {
    const project = JSON.parse(
      execFileSync(
        "python3",
        [
          "-c",
          "import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], 'rb'))))",
          join(PYTHON_DIR, "pyproject.toml"),
        ],
        { encoding: "utf8" },
      ),
    ).project;
    expect(project.name).toBe(PYTHON_PACKAGE);
    expect(project.version).toBe(packageVersion());
    expect(project.dependencies).toContain("pulumi>=3.0.0,<4.0.0");
    expect(project.readme).toBe("README.md");
    expect(readFileSync(join(PYTHON_DIR, "README.md"), "utf8")).not.toBe("");
  });
});
