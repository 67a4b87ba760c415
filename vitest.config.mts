import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The end-to-end files, longest first (as measured on a 2-core runner, four files side by side),
 * then the longest files of the other projects. Vitest orders files by the durations of its
 * previous run, and by file size when it has none, as on a fresh clone; size says little about an
 * engine-driven file (the rate-budget file is small and waits out real minute windows). Started
 * first, the long files end together with the short ones instead of running alone at the end. A
 * file missing here runs after the listed ones.
 */
const LONGEST_FIRST = [
  "test/e2e/fault-matrix-yaml.test.ts",
  "test/e2e/fault-matrix-typescript.test.ts",
  "test/e2e/two-teams.test.ts",
  "test/e2e/yaml-portfolio.test.ts",
  "test/e2e/team-safety.test.ts",
  "test/e2e/yaml-portfolio-release.test.ts",
  "test/e2e/go-portfolio.test.ts",
  "test/e2e/robustness.test.ts",
  "test/e2e/examples.test.ts",
  "test/e2e/rate-budget.test.ts",
  "test/e2e/review.test.ts",
  "test/e2e/plugin-download.test.ts",
  "test/e2e/upgrade-from-0.2.0.test.ts",
  "test/e2e/strategy.test.ts",
  "test/e2e/policy-pack.test.ts",
  "test/e2e/review-effects.test.ts",
  "test/e2e/variants.test.ts",
  "test/e2e/strategy-activation.test.ts",
  "test/e2e/yaml-front-door.test.ts",
  "test/e2e/chaos.test.ts",
  "test/e2e/packaged.test.ts",
  "test/e2e/webhook-and-developers.test.ts",
  "test/e2e/yaml-front-door-release.test.ts",
  "test/e2e/request-economy.test.ts",
  "test/e2e/review-concurrency.test.ts",
  "test/e2e/import.test.ts",
  "test/e2e/shared-account.test.ts",
  "test/e2e/adoption.test.ts",
  "test/e2e/plugin-lifetime.test.ts",
  "test/e2e/preview-honesty.test.ts",
  "test/e2e/release-binary.test.ts",
  "test/e2e/tools-binary.test.ts",
  "test/e2e/resource-get.test.ts",
  "test/e2e/smoke.test.ts",
  "test/e2e/review-backtest.test.ts",
  "test/e2e/preview-messages.test.ts",
  "test/e2e/recover-checkpoint.test.ts",
  "test/e2e/review-charts.test.ts",
  "test/e2e/plugin-one-server.test.ts",
  // The longest of the other projects (child processes killed and restarted, the compiler run
  // over generated programs), so that none of them starts last.
  "test/integration/emulator/persistence.test.ts",
  "test/integration/cli/import/names.property.test.ts",
  "test/integration/cli/import/import-account.test.ts",
  "test/integration/plugin/main.test.ts",
  "test/integration/cli/import/render-program.test.ts",
  "test/integration/api/variants.test.ts",
  "test/integration/emulator/variants.test.ts",
];

/**
 * Vitest's order, except that the listed files come first, in their order. Every project is in
 * one group, so the unit, integration and example files then fill the workers that the last
 * end-to-end files leave idle.
 */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => {
      const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, position) => ({ spec, position, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.position - b.position)
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
        test: { name: "integration", include: ["test/integration/**/*.test.ts"], isolate: false },
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
          globalSetup: ["test/support/plain-types-setup.ts", "test/e2e/global-setup.ts"],
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
