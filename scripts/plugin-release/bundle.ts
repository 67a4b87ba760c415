/**
 * The plugin and the tools, each as one CommonJS file (esbuild): a single executable's `require`
 * loads only Node's built-in modules, so everything else must be inside, what the sources load
 * lazily (`await import`, `require("./…")`) included: esbuild bundles every such load whose path
 * is a literal. The Pulumi SDK's index stays out of the plugin: the plugin never loads it (only
 * its generated protocol stubs, which are bundled), and the one lazy `require("@pulumi/pulumi")`
 * of the lookups runs in program processes, never in the plugin. The tools reach no SDK at all.
 */

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";
import { zodEnglishOnly } from "../lib/zod-english-only";

export interface Bundle {
  file: string;
  bytes: number;
  metafile: Metafile;
}

export async function bundlePlugin(root: string, outDir: string, version: string): Promise<Bundle> {
  return bundle({
    file: join(outDir, "plugin.js"),
    version,
    // The entry starts the plugin. main.ts's own guard (`require.main === module`) holds inside
    // the bundle too, since the bundle is the main module (a single executable's script is);
    // main() starts once per process however often it is called.
    entry: {
      contents: 'import { main } from "./main";\nvoid main();\n',
      resolveDir: join(root, "provider/plugin"),
      sourcefile: "release-entry.ts",
      loader: "ts",
    },
    plugins: [zodEnglishOnly, sdkIndexStaysOut],
  });
}

/**
 * The `strategy-alerts` command (cli/index.ts): review, import, doctor, recover and the emulator,
 * whose server (fastify), schemas (zod) and `node:sqlite` store come along. Two things a bundle
 * changes are put back: only the command's own guard starts it (every bundled module sees the
 * bundle as `require.main`, so the emulator's guard would start a second, wrong command), and
 * import's read of the package's own package.json finds it inside (no file sits beside the
 * executable).
 */
export async function bundleTools(root: string, outDir: string, version: string): Promise<Bundle> {
  const manifest = toolsManifest(root);
  return bundle({
    file: join(outDir, "tools.js"),
    version,
    entry: {
      contents: readFileSync(join(root, "cli/index.ts"), "utf8"),
      resolveDir: join(root, "cli"),
      sourcefile: "cli/index.ts",
      loader: "ts",
    },
    plugins: [zodEnglishOnly, otherGuardsOff(root), ownManifestInside(root, manifest)],
  });
}

interface BundleInput {
  file: string;
  version: string;
  entry: { contents: string; resolveDir: string; sourcefile: string; loader: "ts" };
  plugins: Plugin[];
}

async function bundle(input: BundleInput): Promise<Bundle> {
  const result = await build({
    stdin: input.entry,
    bundle: true,
    platform: "node",
    target: "node24",
    format: "cjs",
    minify: true,
    legalComments: "none",
    outfile: input.file,
    metafile: true,
    logLevel: "warning",
    define: { STRATEGY_ALERTS_BUNDLED_VERSION: JSON.stringify(input.version) },
    plugins: input.plugins,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  return { file: input.file, bytes, metafile: result.metafile };
}

const sdkIndexStaysOut: Plugin = {
  name: "sdk-index-stays-out",
  setup(b) {
    b.onResolve({ filter: /^@pulumi\/pulumi$/ }, (args) => ({ path: args.path, external: true }));
  },
};

const GUARD = "require.main === module";

/** The package's own modules with a main-module guard, the entry's aside: their guard is false. */
function otherGuardsOff(root: string): Plugin {
  return {
    name: "other-guards-off",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const path = relative(root, args.path);
        if (path.startsWith("..") || path.split(sep)[0] === "node_modules") return undefined;
        const source = await readFile(args.path, "utf8");
        if (!source.includes(GUARD)) return undefined;
        return { contents: source.replaceAll(GUARD, "false"), loader: "ts" };
      });
    },
  };
}

/** What import reads of the package's package.json: its name, version and dependency ranges. */
function toolsManifest(root: string): string {
  const full = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, unknown>;
  const { name, version, peerDependencies, devDependencies } = full;
  return JSON.stringify({ name, version, peerDependencies, devDependencies });
}

/** The modules that look for the package's own package.json upwards from their directory. */
const MANIFEST_READERS = ["cli/import/import-account.ts"];

/**
 * For the modules that read the package's own package.json, `node:fs` answers that read (any
 * path ending in /package.json) with the manifest written into the bundle; every other call is
 * Node's own.
 */
function ownManifestInside(root: string, manifest: string): Plugin {
  const readers = new Set(MANIFEST_READERS.map((p) => join(root, p)));
  return {
    name: "own-manifest-inside",
    setup(b) {
      b.onResolve({ filter: /^(node:)?fs$/ }, (args) =>
        readers.has(args.importer) ? { path: "own-manifest-fs", namespace: "own-manifest" } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "own-manifest" }, () => ({
        contents: `const fs = require("node:fs");
const manifest = ${JSON.stringify(manifest)};
module.exports = {
  ...fs,
  readFileSync(path, ...rest) {
    return typeof path === "string" && /[\\\\/]package\\.json$/.test(path) ? manifest : fs.readFileSync(path, ...rest);
  },
};
`,
        loader: "js",
      }));
    },
  };
}
