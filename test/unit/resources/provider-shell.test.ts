import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { providerShell, RUNTIME_MODULE } from "../../../provider/resources/provider-shell";

/** The text the SDK stores in every dynamic resource's `__provider` input and output. */
async function serialized(shell: pulumi.dynamic.ResourceProvider): Promise<string> {
  const { text } = await pulumi.runtime.serializeFunction(() => shell, { allowSecrets: true });
  return text;
}

describe("providerShell", () => {
  it("gives every resource of a kind the same object, which Pulumi then serializes only once", () => {
    expect(providerShell("Strategy")).toBe(providerShell("Strategy"));
    expect(providerShell("Strategy")).toBe(providerShell("Strategy", RUNTIME_MODULE));
  });

  it("keeps kinds and runtime modules apart", () => {
    expect(providerShell("Strategy")).not.toBe(providerShell("Webhook"));
    expect(providerShell("Strategy")).not.toBe(providerShell("Strategy", "other-runtime"));
  });

  it("serializes to a short text that captures the kind and the runtime's name and nothing else", async () => {
    process.env.STRATEGY_ALERTS_API_KEY = "sk-must-not-be-captured";
    try {
      const text = await serialized(providerShell("Strategy"));
      // Stored twice per resource and rewritten with every checkpoint: it stays small (it was
      // 2,500 bytes before the shell's methods shrank to one line each).
      expect(text.length).toBeLessThanOrEqual(2300);
      expect(text).toContain(JSON.stringify(RUNTIME_MODULE));
      expect(text).toContain('"Strategy"');
      expect(text).not.toContain("sk-must-not-be-captured");
      const captured = [...text.matchAll(/with\(\{ (.*?), this: undefined/g)].flatMap((m) =>
        (m[1] ?? "").split(/, (?=\w+: )/).map((entry) => entry.split(":")[0]),
      );
      // The helper `r`, the object itself (`shell`, the name in `serialized`) and two strings.
      expect([...new Set(captured)].sort()).toEqual(["kind", "r", "runtimeModule", "shell"]);
      expect(captured).toContain("kind");
      expect(captured).toContain("runtimeModule");
    } finally {
      delete process.env.STRATEGY_ALERTS_API_KEY;
    }
  });

  it("delegates every operation to the runtime loaded by name from the program directory", async () => {
    const text = await serialized(providerShell("Strategy"));
    for (const op of ["configure", "check", "diff", "create", "read", "update", "delete"]) {
      expect(text).toMatch(new RegExp(`${op}: __f\\d+`));
    }
    expect(text).toContain('require("node:module").createRequire(');
    expect(text).toContain("process.cwd()");
  });
});
