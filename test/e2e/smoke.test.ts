import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PulumiProject, REPO_ROOT } from "./harness";

/**
 * The foundation proven under the real engine: a dynamic resource of this package with its own
 * type token goes through up, a no-change preview and destroy; its provider text only
 * delegates to a runtime module loaded from node_modules; and the secret stack-config value the
 * provider uses never reaches the state.
 */
const SECRET_KEY = `sa_test_${createHash("sha256").update(String(Date.now())).digest("hex").slice(0, 32)}`;

// A runtime installed as a package, as the real one is: the shell requires it by name.
const SMOKE_RUNTIME = `
const { createHash } = require("node:crypto");
let apiKey;
module.exports = {
  configure: async (req) => { apiKey = req.config.get("strategy-alerts:apiKey"); },
  door: (kind) => ({ configure: module.exports.configure, ...module.exports.handler(kind) }),
  handler: (kind) => {
    if (kind !== "Smoke") throw new Error("unexpected kind " + kind);
    const fingerprint = () => createHash("sha256").update(apiKey ?? "").digest("hex").slice(0, 12);
    return {
      check: async (_olds, news) => ({ inputs: { greeting: news.greeting } }),
      diff: async (_id, olds, news) => ({ changes: olds.greeting !== news.greeting }),
      create: async (inputs) => ({ id: "smoke-1", outs: { greeting: inputs.greeting, keyFingerprint: fingerprint() } }),
      read: async (id, props) => ({ id, props }),
      update: async (_id, _olds, news) => ({ outs: { greeting: news.greeting, keyFingerprint: fingerprint() } }),
      delete: async () => {},
    };
  },
};
`;

// The shell is internal (not exported by the package), so the program loads the built module itself.
const PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
const { providerText } = require(${JSON.stringify(join(REPO_ROOT, "dist/provider/resources/provider-shell"))});

class Smoke extends pulumi.CustomResource {
  declare readonly greeting: pulumi.Output<string>;
  declare readonly keyFingerprint: pulumi.Output<string>;
  constructor(name: string, args: { greeting: string }) {
    super("pulumi-nodejs:dynamic/strategy-alerts:Smoke", name, {
      ...args,
      keyFingerprint: undefined,
      __provider: providerText("Smoke", "smoke-runtime"),
    });
  }
}

const smoke = new Smoke("smoke", { greeting: "hello" });
export const greeting = smoke.greeting;
export const keyFingerprint = smoke.keyFingerprint;
`;

describe.runIf(inject("pulumiBinDir"))("real Pulumi engine smoke test", () => {
  let project: PulumiProject;

  beforeAll(async () => {
    project = await PulumiProject.create({
      name: "smoke",
      program: PROGRAM,
      files: { "node_modules/smoke-runtime/index.js": SMOKE_RUNTIME },
      config: { "strategy-alerts:apiKey": { value: SECRET_KEY, secret: true } },
    });
  });

  afterAll(async () => {
    await project?.cleanup();
  });

  it("creates the resource under its own type token and the provider reads the secret config", async () => {
    const up = await project.up();
    expect(up.changes.create).toBe(2); // the stack and the resource
    const created = up.steps.find((s) => s.op === "create" && s.type !== "pulumi:pulumi:Stack");
    expect(created?.type).toBe("pulumi-nodejs:dynamic/strategy-alerts:Smoke");
    const outputs = await project.outputs();
    expect(outputs.greeting).toBe("hello");
    expect(outputs.keyFingerprint).toBe(createHash("sha256").update(SECRET_KEY).digest("hex").slice(0, 12));
  });

  it("reports no changes on a second preview", async () => {
    await project.ensureApplied(PROGRAM);
    const preview = await project.preview();
    expect(preview.changes).toEqual({ same: 2 });
  });

  it("stores a provider text that only delegates to the runtime package", async () => {
    await project.ensureApplied(PROGRAM);
    const state = JSON.parse(await project.exportState());
    const smoke = state.deployment.resources.find(
      (r: { type: string }) => r.type === "pulumi-nodejs:dynamic/strategy-alerts:Smoke",
    );
    const closure: string = smoke.inputs.__provider;
    expect(closure).toContain("createRequire");
    expect(closure).toContain('"smoke-runtime"');
    // Tiny and free of logic: no captured module bodies or credentials.
    expect(closure.length).toBeLessThan(300);
    expect(closure).not.toContain("createHash");
  });

  it("keeps the secret stack-config value out of the state in plaintext", async () => {
    await project.ensureApplied(PROGRAM);
    const state = await project.exportState();
    // The resource is there, built with the key (its fingerprint), yet the key itself is not.
    expect(state).toContain(createHash("sha256").update(SECRET_KEY).digest("hex").slice(0, 12));
    expect(state).not.toContain(SECRET_KEY);
    expect(await project.backendFiles()).not.toContain(SECRET_KEY);
  });

  it("destroys the resource", async () => {
    await project.ensureApplied(PROGRAM);
    const destroy = await project.destroy();
    expect(destroy.changes.delete).toBe(2);
    const state = JSON.parse(await project.exportState());
    expect(state.deployment.resources ?? []).toHaveLength(0);
  });
});
