import type * as pulumi from "@pulumi/pulumi";
import { loadSqliteQuietly } from "./quiet-sqlite";

/** The package that the provider process loads the real implementation from. */
export const RUNTIME_MODULE = "pulumi-strategy-alerts/runtime";

const shells = new Map<string, pulumi.dynamic.ResourceProvider>();

/**
 * The object Pulumi serializes into every resource's `__provider` input.
 *
 * Pulumi stores the serialized text in state, twice per resource, and shows any change of it as
 * a change of every resource. So it captures nothing but two strings and only delegates: every
 * line of logic is loaded at run time from the installed package. Credentials are read there,
 * in `configure`, from stack config or the environment — never captured here.
 *
 * The runtime is resolved from the program directory (the provider process's working
 * directory) as a file there would resolve it: from node_modules in a user's project, and by
 * the package's own name for a program inside this repository. The provider host evaluates the
 * shell in a module without a file name, whose bare `require` can do only the first.
 */
export function providerShell(
  kind: string,
  runtimeModule: string = RUNTIME_MODULE,
): pulumi.dynamic.ResourceProvider {
  // One object per kind: Pulumi caches a provider's serialized text by object, so every
  // resource of a kind after the first skips the closure serialization (tens of milliseconds of
  // parsing each, in every preview and up).
  const key = `${kind}\0${runtimeModule}`;
  let shell = shells.get(key);
  if (!shell) {
    // Before the SDK serialises the first shell (after the resource's constructor returns).
    loadSqliteQuietly();
    shell = createShell(kind, runtimeModule);
    shells.set(key, shell);
  }
  return shell;
}

function createShell(kind: string, runtimeModule: string): pulumi.dynamic.ResourceProvider {
  // Every method is one short line over one helper: the engine stores this text twice per
  // resource (inputs and outputs) in every checkpoint it saves, and it saves one as steps
  // complete. Rest parameters keep the SDK's wrapper of each method free of a parameter list.
  const r = () => require("node:module").createRequire(`${process.cwd()}/`)(runtimeModule);
  return {
    configure: (...a) => r().configure(...a),
    check: (...a) =>
      r()
        .handler(kind)
        .check(...a),
    diff: (...a) =>
      r()
        .handler(kind)
        .diff(...a),
    create: (...a) =>
      r()
        .handler(kind)
        .create(...a),
    read: (...a) =>
      r()
        .handler(kind)
        .read(...a),
    update: (...a) =>
      r()
        .handler(kind)
        .update(...a),
    delete: (...a) =>
      r()
        .handler(kind)
        .delete(...a),
  };
}
