/**
 * The plugin as one CommonJS file (esbuild): a single executable's `require` loads only Node's
 * built-in modules, so everything else must be inside. The Pulumi SDK's index stays out: the
 * plugin never loads it (only its generated protocol stubs, which are bundled), and the one lazy
 * `require("@pulumi/pulumi")` of the lookups runs in program processes, never in the plugin.
 */

import { join } from "node:path";
import { build, type Metafile } from "esbuild";
import { zodEnglishOnly } from "../lib/zod-english-only";

export interface Bundle {
  file: string;
  bytes: number;
  metafile: Metafile;
}

export async function bundlePlugin(root: string, outDir: string, version: string): Promise<Bundle> {
  const file = join(outDir, "plugin.js");
  const result = await build({
    stdin: {
      // The entry starts the plugin. main.ts's own guard (`require.main === module`) holds inside
      // the bundle too, since the bundle is the main module (a single executable's script is);
      // main() starts once per process however often it is called.
      contents: 'import { main } from "./main";\nvoid main();\n',
      resolveDir: join(root, "provider/plugin"),
      sourcefile: "release-entry.ts",
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    target: "node24",
    format: "cjs",
    minify: true,
    legalComments: "none",
    outfile: file,
    metafile: true,
    logLevel: "warning",
    define: { STRATEGY_ALERTS_BUNDLED_VERSION: JSON.stringify(version) },
    plugins: [
      zodEnglishOnly,
      {
        name: "sdk-index-stays-out",
        setup(b) {
          b.onResolve({ filter: /^@pulumi\/pulumi$/ }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  return { file, bytes, metafile: result.metafile };
}
