import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runProcess } from "../support/process";

const root = resolve(__dirname, "../..");
const checker = resolve(root, "../shared/tools/contract-check.mjs");

// The shared checker lives beside the repository; CI always has it there, so in CI its absence
// fails the test instead of skipping it.
describe.runIf(existsSync(checker) || process.env.CI === "true")(
  "public contract: the names a program reaches through the package name",
  () => {
    it("exposes every public resource, lookup, helper and client method by the package name", async () => {
      const res = await runProcess(process.execPath, [checker], { cwd: root });
      expect(res.stdout).toMatch(/^\d+ passed, 0 failed$/m);
      expect(res.code).toBe(0);
    });
  },
);
