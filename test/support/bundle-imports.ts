/**
 * What a release bundle leaves to `require` at run time: a single executable's `require` loads
 * only Node's built-in modules, so whatever else is left must be what the bundle never loads.
 */
import { builtinModules } from "node:module";
import type { Bundle } from "../../scripts/plugin-release/bundle";

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The bundle's external imports (`all`), and once each those that are not a built-in module. */
export function externalImports(bundle: Bundle): { all: string[]; notBuiltIn: string[] } {
  const all = Object.values(bundle.metafile.outputs).flatMap((o) =>
    o.imports.filter((i) => i.external).map((i) => i.path),
  );
  return { all, notBuiltIn: [...new Set(all.filter((p) => !BUILTINS.has(p)))] };
}
