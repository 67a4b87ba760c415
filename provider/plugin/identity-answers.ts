/**
 * What the plugin is, answered without its provider module: its version and its package schema.
 * A YAML program's engine starts the plugin once more per command only to ask for the schema
 * (Pulumi caches the schema of an installed plugin, not of one named by path in
 * `plugins.providers`), so these two answers must not load the runtime, the client and zod
 * (docs/benchmarks.md, "One start per command").
 *
 * The schema is the checked-in `schema.json` (`npm run schema`; a unit test holds it equal to
 * what the model generates) with the running plugin's version set, read once, on the first ask
 * (the release bundle carries the file: esbuild bundles an import whose path is a literal).
 */
import { packageVersion } from "./package-version";

let served: Promise<string> | undefined;

/** The package schema as GetSchema answers it: the checked-in schema naming this plugin's version. */
export function servedSchema(): Promise<string> {
  served ??= import("./schema.json").then(({ default: schema }) => {
    const { name, ...rest } = schema;
    return JSON.stringify({ name, version: packageVersion(), ...rest });
  });
  return served;
}
