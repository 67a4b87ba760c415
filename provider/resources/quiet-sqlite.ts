/**
 * The Pulumi SDK serialises a dynamic resource's provider with a closure serialiser that, to
 * recognise captured modules, requires every built-in module of Node.js. On the Node.js versions
 * where `node:sqlite` is experimental, that load prints "ExperimentalWarning: SQLite is an
 * experimental feature" in every run of every program with a dynamic resource, though neither
 * the program nor the package uses SQLite there. Loaded here first, with only that one warning
 * held back, the SDK's load finds the module loaded and prints nothing.
 *
 * Node.js shows each experimental warning once per process, so a program that loads
 * `node:sqlite` itself afterwards sees none either; every other warning passes unchanged.
 */
let loaded = false;

export function loadSqliteQuietly(): void {
  if (loaded) return;
  loaded = true;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    require("node:sqlite");
  } catch {
    // A Node.js without it (or with it behind a flag): the SDK cannot load it either.
  } finally {
    process.emitWarning = emitWarning;
  }
}
