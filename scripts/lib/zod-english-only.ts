import type { Plugin } from "esbuild";

/**
 * Leaves zod's message translations out of a bundle, all but English: 390 KB of the runtime's
 * 1 MB, parsed in every process that loads it. Translations are picked with `z.config(z.locales…)`,
 * which the package never calls (its messages are English, and most are its own). esbuild cannot
 * drop them itself: they hang off the `z` namespace that every schema module imports.
 */
export const zodEnglishOnly: Plugin = {
  name: "zod-english-only",
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";\n',
      loader: "js",
    }));
  },
};
