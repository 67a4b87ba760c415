"use strict";
/**
 * Preloaded (`node --require`) into the Node.js processes of the e2e harness's engine commands: the
 * program, the dynamic-provider host, a policy pack. Pulumi's SDK imports `@npmcli/arborist` at the
 * top of runtime/closure/codePaths.js, and with it about 450 modules (pacote, sigstore, cacache…)
 * that only `computeCodePaths` uses, to package a function's dependencies for a cloud function.
 * Loading them is about a fifth of a TypeScript command's CPU, and nothing here calls that
 * function. This hands that one import a stand-in that loads the real module on first use, so a
 * process that does call it behaves as without the preload. Users' processes load the SDK as it is.
 */
const Module = require("node:module");
const { join } = require("node:path");

const IMPORTER = join("@pulumi", "pulumi", "runtime", "closure", "codePaths.js");
const load = Module._load;

Module._load = function deferArborist(...args) {
  const [request, parent] = args;
  if (request !== "@npmcli/arborist" || !parent?.filename?.endsWith(IMPORTER)) {
    return load.apply(this, args);
  }
  let real;
  const resolve = () => {
    real ??= load.apply(this, args);
    return real;
  };
  // codePaths.js reads the module through TypeScript's `__importStar`, which returns a module
  // marked `__esModule` as it is, and then reads only `arborist.Arborist` when it runs.
  return new Proxy(
    {},
    {
      get: (_target, name) => (name === "__esModule" ? true : resolve()[name]),
      has: (_target, name) => name in resolve(),
    },
  );
};
