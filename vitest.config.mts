import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each file took in the last full run on a 2-core runner, four files side by side (the
 * e2e files and the longest of the others; docs/benchmarks.md, "CI suites", has the totals).
 * Vitest orders files by the durations of its previous run, and by file size when it has none,
 * as on a fresh clone; size says little about an engine-driven file (the rate-budget file is
 * small and waits out real minute windows). Started longest first, the long files end together
 * with the short ones instead of running alone at the end. Update the figures from a full run's
 * report when a file's time moves by more than a minute.
 */
const DURATIONS: Record<string, number> = {
  // The last full run's figures (2 December 2026, evening).
  "test/e2e/two-teams-typescript.test.ts": 221,
  "test/e2e/fault-matrix-typescript-lost.test.ts": 220,
  "test/e2e/import-folders.test.ts": 209,
  "test/e2e/fault-matrix-typescript-refused.test.ts": 192,
  "test/e2e/rate-budget.test.ts": 130,
  "test/e2e/yaml-portfolio-release.test.ts": 122,
  "test/e2e/fault-matrix-yaml-lost.test.ts": 121,
  "test/e2e/upgrade-from-0.2.0.test.ts": 102,
  "test/e2e/two-teams-yaml.test.ts": 88,
  "test/e2e/strategy-activation.test.ts": 87,
  "test/e2e/examples.test.ts": 79,
  "test/e2e/fault-matrix-yaml-refused.test.ts": 76,
  "test/e2e/fault-matrix-typescript-killed.test.ts": 74,
  "test/e2e/docs-programs.test.ts": 70,
  "test/e2e/team-safety.test.ts": 70,
  "test/e2e/chaos.test.ts": 67,
  "test/e2e/variants.test.ts": 67,
  "test/e2e/account-pin.test.ts": 62,
  "test/e2e/fault-matrix-yaml-killed.test.ts": 54,
  "test/e2e/plugin-lifetime.test.ts": 54,
  "test/e2e/yaml-front-door-release.test.ts": 53,
  "test/e2e/webhook-and-developers.test.ts": 51,
  "test/e2e/robustness.test.ts": 47,
  "test/e2e/policy-pack.test.ts": 45,
  "test/e2e/review-concurrency.test.ts": 44,
  "test/e2e/review-effects.test.ts": 41,
  "test/e2e/import.test.ts": 40,
  "test/e2e/go-portfolio.test.ts": 39,
  "test/e2e/our-failures.test.ts": 37,
  "test/e2e/shared-account.test.ts": 36,
  "test/e2e/packaged.test.ts": 33,
  "test/e2e/request-economy.test.ts": 33,
  "test/e2e/hostile-input.test.ts": 32,
  "test/e2e/review.test.ts": 31,
  "test/e2e/plugin-download.test.ts": 31,
  "test/e2e/preview-messages.test.ts": 30,
  "test/e2e/strategy.test.ts": 26,
  "test/e2e/recover-across-projects.test.ts": 25,
  "test/e2e/yaml-front-door.test.ts": 24,
  "test/e2e/release-binary.test.ts": 21,
  "test/e2e/recover-service-clock.test.ts": 21,
  "test/e2e/lean-state.test.ts": 20,
  "test/e2e/recover-restored-copy.test.ts": 20,
  "test/e2e/run-holds.test.ts": 16,
  "test/e2e/recover-checkpoint.test.ts": 16,
  "test/e2e/adoption.test.ts": 15,
  "test/e2e/yaml-portfolio.test.ts": 12,
  "test/e2e/preview-honesty.test.ts": 11,
  "test/e2e/review-charts.test.ts": 9,
  "test/e2e/tools-binary.test.ts": 8,
  "test/e2e/smoke.test.ts": 8,
  "test/e2e/resource-get.test.ts": 5,
  "test/e2e/review-backtest.test.ts": 3,
  "test/e2e/plugin-one-server.test.ts": 2,
  // The longest of the other projects (child processes killed and restarted, the compiler run
  // over generated programs), so that none of them starts last.
  "test/integration/model/kinds/index.new-field.test.ts": 35,
  "test/integration/emulator/persistence.test.ts": 21,
  "test/integration/model/kinds/index.sixth-kind.test.ts": 22,
  "test/integration/sdk-examples.test.ts": 21,
  "test/integration/plugin/main.test.ts": 17,
  "test/integration/cli/import/names.property.test.ts": 12,
  "test/integration/cli/import/import-account.test.ts": 11,
  "test/integration/cli/import/render-program.test.ts": 12,
  "test/integration/resources/no-warnings.test.ts": 9,
  "test/integration/api/variants.test.ts": 8,
};

/**
 * An end-to-end file not listed yet (a new one) counts as a typical one: it drives the engine
 * for a minute or so, and started among the short files it could run alone at the end.
 */
const UNLISTED_E2E_SECONDS = 60;

/**
 * The listed files longest first, an unlisted end-to-end file at UNLISTED_E2E_SECONDS, then
 * every other file in Vitest's order. Every project is in one group, so the unit, integration
 * and example files fill the workers that the last end-to-end files leave idle.
 */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification): number => {
      const file = Object.keys(DURATIONS).find((f) => spec.moduleId.endsWith(f));
      if (file !== undefined) return DURATIONS[file]!;
      return spec.project.name === "e2e" ? UNLISTED_E2E_SECONDS : 0;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, position) => ({ spec, position, seconds: seconds(spec) }))
      .sort((a, b) => b.seconds - a.seconds || a.position - b.position)
      .map(({ spec }) => spec);
  }
}

/**
 * The sources load some modules on first use with `require("./…")`, so that a program declaring
 * resources never loads the client, the review or zod (provider/deferred.ts). Vitest runs the
 * sources as modules of its own graph, where Node's `require` cannot load a TypeScript file, and
 * where a second copy of a module would break `instanceof` across the two. In tests only, each
 * such `require` becomes an import of the same module, loaded with its importer. What the
 * deferral itself changes (what a program loads) is tested on the built package, in a process
 * of its own (test/integration/resources/program-loads.test.ts).
 */
function eagerRequires() {
  return {
    name: "eager-requires",
    enforce: "pre" as const,
    transform(code: string, id: string) {
      if (
        !/\/provider\/.*\.ts$/.test(id) ||
        (!code.includes('require("./') && !code.includes('require("../'))
      )
        return undefined;
      const imports: string[] = [];
      const rewritten = code.replace(/\brequire\("(\.{1,2}\/[^"]+)"\)/g, (_, path: string) => {
        const name = `__eagerRequire${imports.length}`;
        imports.push(`import * as ${name} from ${JSON.stringify(path)};`);
        return name;
      });
      return { code: `${imports.join("\n")}\n${rewritten}`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [eagerRequires()],
  test: {
    globalSetup: ["test/support/plain-types-setup.ts"],
    projects: [
      // Test files of these two projects share one module registry per worker: none of them
      // leaves module state behind, and loading the sources once per worker saves the re-imports.
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"], isolate: false } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          isolate: false,
          // Some compile Go programs offline (the SDK's typing, what import writes).
          globalSetup: ["test/support/plain-types-setup.ts", "test/support/go-modules-setup.ts"],
        },
      },
      {
        // Example suites import the package by name, as a user's project does; tsconfig paths
        // map the name to the sources.
        extends: true,
        resolve: { tsconfigPaths: true },
        test: { name: "examples", include: ["examples/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: [
            "test/support/plain-types-setup.ts",
            "test/support/go-modules-setup.ts",
            "test/e2e/global-setup.ts",
          ],
          // Each test drives the real Pulumi engine; one command takes seconds.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Files run side by side: each has its own emulator (ephemeral port), project
          // directories, PULUMI_HOME, file backend and rate-window files.
          fileParallelism: true,
        },
      },
    ],
    reporters: ["default", "./test/e2e/missing-cli-reporter.ts"],
    testTimeout: 30_000,
    pool: "forks",
    // Four files at a time on 2 cores: much of a file's time is waiting (the engine's RPCs, a
    // plan's rate window, sockets), so four overlap well. One count for every project keeps them
    // in one group (Vitest runs projects of different counts one group after another).
    maxWorkers: 4,
    sequence: { sequencer: LongestFirstSequencer },
  },
});
