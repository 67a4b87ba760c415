/**
 * node:sqlite prints an ExperimentalWarning on Node 22-24 at load time; for someone running
 * the emulator it is noise. Imported first by the CLI so the filter is in place before the
 * store loads node:sqlite. Every other warning is passed on unchanged.
 */
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === "string" ? warning : warning.message;
  if (/SQLite is an experimental feature/.test(text)) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;

export {};
