import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  accountPinInputs,
  providerText,
  RUNTIME_MODULE,
  shellInputs,
} from "../../../provider/resources/provider-shell";

/** Evaluates the text as the dynamic-provider host does: a module without a file name. */
function evaluate(text: string): { handler: () => Record<string, (...args: unknown[]) => unknown> } {
  const mod = new Module("");
  mod.paths = [];
  (mod as unknown as { _compile(code: string, file: string): void })._compile(text, "");
  return mod.exports;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A program directory with a runtime package that records what it was asked for. */
function programDir(runtimeName: string): string {
  const dir = mkdtempSync(join(tmpdir(), "psa-shell-"));
  dirs.push(dir);
  mkdirSync(join(dir, "node_modules", runtimeName), { recursive: true });
  writeFileSync(
    join(dir, "node_modules", runtimeName, "index.js"),
    `exports.configured = [];
exports.configure = async (req) => { exports.configured.push(req); };
exports.door = (kind) => ({
  configure: exports.configure,
  check: async () => "check of " + kind,
  delete: async () => "delete of " + kind,
});`,
  );
  return dir;
}

describe("providerText", () => {
  it("is one short module that names the kind and the runtime and captures nothing else", () => {
    process.env.STRATEGY_ALERTS_API_KEY = "sk-must-not-be-captured";
    try {
      const text = providerText("Strategy");
      // Stored twice per resource and rewritten with every checkpoint: the SDK's serialiser made
      // 2,442 bytes of the same provider.
      expect(text.length).toBeLessThan(130);
      expect(text).toContain(JSON.stringify(RUNTIME_MODULE));
      expect(text).toContain('"Strategy"');
      expect(text).not.toContain("sk-must-not-be-captured");
    } finally {
      delete process.env.STRATEGY_ALERTS_API_KEY;
    }
  });

  it("loads the runtime by name from the program directory and serves the kind's provider with configure", async () => {
    const dir = programDir("some-runtime");
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const provider = evaluate(providerText("Webhook", "some-runtime")).handler();
      expect(await provider.check?.()).toBe("check of Webhook");
      expect(await provider.delete?.()).toBe("delete of Webhook");
      await provider.configure?.({ config: "c" });
      const runtime = Module.createRequire(join(dir, "/"))("some-runtime") as { configured: unknown[] };
      expect(runtime.configured).toEqual([{ config: "c" }]);
    } finally {
      process.chdir(cwd);
    }
  });

  it("keeps a kind or runtime name with quotes a string in the text", () => {
    const text = providerText('Kind"); process.exit(1); ("', 'run"time');
    expect(() => new Function("exports", "require", "process", text)).not.toThrow();
    expect(text).toContain(JSON.stringify('Kind"); process.exit(1); ("'));
  });
});

describe("shellInputs", () => {
  it("adds the kind's outputs without a value and the provider's text to the program's inputs", () => {
    const inputs = shellInputs("FollowedDeveloper", { address: "0xabc" });
    expect(inputs.address).toBe("0xabc");
    expect(inputs.__provider).toBe(providerText("FollowedDeveloper"));
    expect(Object.entries(inputs).filter(([, v]) => v === undefined).length).toBeGreaterThan(0);
  });

  it("adds the stack's account pin as accountPin when given, and nothing when not (a get)", () => {
    expect(shellInputs("Strategy", { name: "s" }, "U1").accountPin).toBe("U1");
    expect(shellInputs("Strategy", { name: "s" })).not.toHaveProperty("accountPin");
  });
});

describe("accountPinInputs", () => {
  it("registers the pin's one output without a value and a provider text naming the pin's kind", () => {
    const inputs = accountPinInputs();
    expect(Object.keys(inputs).sort()).toEqual(["__provider", "accountId"]);
    expect(inputs.accountId).toBeUndefined();
    expect(inputs.__provider).toBe(providerText("AccountPin"));
  });
});
