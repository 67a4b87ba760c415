"use strict";
/**
 * Preloaded (`node --require`) into the Node.js processes of the e2e harness's engine commands: the
 * program, the dynamic-provider host, a policy pack. Pulumi's SDK loads, with `@pulumi/pulumi`,
 * two large libraries for work no engine command of this package does:
 * - `@npmcli/arborist` (about 450 modules: pacote, sigstore, cacache…), imported at the top of
 *   runtime/closure/codePaths.js and used only by `computeCodePaths`, which packages a function's
 *   dependencies for a cloud function;
 * - TypeScript, imported at the top of runtime/closure/parseFunction.js and used only to
 *   serialize a function (this package's provider is a text, not a closure).
 * Together they are about a quarter of a TypeScript command's CPU. This hands those two imports a
 * stand-in that loads the real module on first use, so a process that does use them behaves as
 * without the preload. Users' processes load the SDK as it is.
 */
const Module = require("node:module");
const { join } = require("node:path");

/** The SDK file making each import to defer, by the import (looked up first: it runs on every load). */
const DEFERRED = new Map([
  ["@npmcli/arborist", join("@pulumi", "pulumi", "runtime", "closure", "codePaths.js")],
  ["../../typescript-shim", join("@pulumi", "pulumi", "runtime", "closure", "parseFunction.js")],
]);
const load = Module._load;

Module._load = function deferSdkImports(...args) {
  const [request, parent] = args;
  const importer = DEFERRED.get(request);
  if (!importer || !parent?.filename?.endsWith(importer)) return load.apply(this, args);
  let real;
  const resolve = () => {
    real ??= load.apply(this, args);
    return real;
  };
  // codePaths.js reads arborist through TypeScript's `__importStar`, which returns a module marked
  // `__esModule` as it is; both files then only read the module's members when they run.
  return new Proxy(
    {},
    {
      get: (_target, name) => (name === "__esModule" ? true : resolve()[name]),
      has: (_target, name) => name in resolve(),
    },
  );
};
