import { join } from "node:path";
import { expect } from "vitest";
import { REPO_ROOT, runProcess } from "./harness";

/**
 * A TypeScript project's program type-checks as written: once, by the compiler over the project's
 * own tsconfig and the package's declarations, as a user's editor or build does. The engine then
 * runs it transpile-only (`typeCheck: false`), sparing ts-node a type check of the same program on
 * every command. `compiler` is the project's own `tsc` where it installed one.
 */
export async function expectTypeChecks(
  dir: string,
  compiler = join(REPO_ROOT, "node_modules/.bin/tsc"),
): Promise<void> {
  const tsc = await runProcess(compiler, ["--noEmit", "-p", dir], { cwd: dir });
  expect(tsc.code, tsc.stdout).toBe(0);
}
