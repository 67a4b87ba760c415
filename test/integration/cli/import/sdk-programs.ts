/**
 * For the tests that compile what import writes against the repository's SDKs (sdk/go,
 * sdk/python): hostile accounts and texts, the same on every run, and Go's offline environment.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import fc from "fast-check";
import { goCommandEnv } from "../../../support/go-env";
import { HOSTILE_TEXT, hostileText } from "../../../unit/cli/import/hostile-text";
import { richAccount } from "../../../unit/cli/import/sdk-account";

export const ROOT = resolve(__dirname, "../../../..");

/** A new temporary directory; the test file removes it in its afterAll. */
export const workDirectory = () => mkdtempSync(join(tmpdir(), "import-sdk-"));

/** Hostile accounts, the same on every run. */
export const accounts = fc
  .sample(fc.tuple(fc.array(hostileText, { minLength: 1, maxLength: 4 }), hostileText, hostileText), {
    numRuns: 6,
    seed: 38,
  })
  .map(([names, alias, description]) => richAccount({ names, alias, description }));
export const texts = [...HOSTILE_TEXT, ...fc.sample(hostileText, { numRuns: 40, seed: 7 })];

/** Offline, from the warm module cache; go.mod may be completed but nothing is downloaded. */
export const goEnv = goCommandEnv("-mod=mod", { offline: true });
