/**
 * The runtime as one CommonJS file, `dist/provider/runtime/bundle.js`: what the package's
 * `./runtime` export resolves to, so what the dynamic-provider host loads in every command of a
 * TypeScript program (the provider text of each resource requires it by that name).
 *
 * Its 150 modules took about 0.15 s to load, on the critical path of every command: nothing is
 * read, refreshed or changed before they are. As one file, without zod's translations, they load
 * in about 0.065 s (medians of 10, side by side). It is built from the TypeScript sources, whose
 * `import` statements let esbuild take zod's ES modules. `@pulumi/pulumi` stays out: the host has
 * loaded it already; so does `@grpc/grpc-js`, which only the engine watch's health check loads,
 * with its first probe in the host (provider/runtime/host-lifetime.ts), never at the runtime's
 * load. Not minified, so that a stack trace still names the functions.
 *
 * The plugin and everything else in dist keep loading the runtime's separate modules.
 */

import { join } from "node:path";
import { build } from "esbuild";
import { zodEnglishOnly } from "./lib/zod-english-only";

const ROOT = join(__dirname, "..");

async function main(): Promise<void> {
  await build({
    entryPoints: [join(ROOT, "provider/runtime/index.ts")],
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    outfile: join(ROOT, "dist/provider/runtime/bundle.js"),
    external: ["@pulumi/pulumi", "@grpc/grpc-js"],
    plugins: [zodEnglishOnly],
    logLevel: "warning",
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
