/**
 * A test that reads a built file (dist/) first checks it is built from the current sources, so
 * it fails with "run `npm run build`" rather than on stale code.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { REPO, sourceFiles } from "./source-imports";

/** `built` (a path under the repository) exists and is newer than every provider source. */
export function expectBuiltFromCurrentSources(built: string): void {
  const stat = statSync(join(REPO, built), { throwIfNoEntry: false });
  expect(stat, `${built} is missing: run \`npm run build\``).toBeDefined();
  const newer = sourceFiles("provider").filter(
    (file) => !file.endsWith(".test.ts") && statSync(join(REPO, file)).mtimeMs > (stat?.mtimeMs ?? 0),
  );
  expect(newer, "sources changed since the last `npm run build`").toEqual([]);
}
