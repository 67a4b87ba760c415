import { describe, expect, inject, it } from "vitest";
import { compatibleVariants, type VariantName } from "../../emulator/variants/catalog";
import { REPO_ROOT } from "./harness";
import { pulumiBinDir } from "./pulumi-bin";
import { runVariantScenario, STEPS } from "./variant-scenario";

/**
 * The reduced form of `npm run variants` for CI: the whole scenario (engine steps, review
 * --backtest, import) against every compatible variant at once, the reading furthest from the
 * default emulator. `npm run variants` runs each variant alone as well.
 */
describe.runIf(inject("pulumiBinDir"))("the product under the emulator's variant readings", () => {
  const scenario = async (variants: VariantName[]) => {
    const lines: string[] = [];
    const result = await runVariantScenario(variants, {
      pulumiBinDir: pulumiBinDir(),
      root: REPO_ROOT,
      log: (l) => lines.push(l),
    });
    return { result, log: lines.join("\n") };
  };

  it("passes every step under all compatible variants combined", async () => {
    const { result, log } = await scenario(compatibleVariants());
    const failed = STEPS.filter((s) => result[s].ok !== true);
    expect(failed, log).toEqual([]);
  }, 900_000);
});
