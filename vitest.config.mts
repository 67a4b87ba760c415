import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
          globalSetup: ["test/e2e/global-setup.ts"],
          // Each test drives the real Pulumi engine; one command takes seconds.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Files run side by side: each has its own emulator (ephemeral port), project
          // directories, PULUMI_HOME, file backend and rate-window files. Much of a file's time
          // is waiting (the engine's RPCs, a plan's rate window), so four overlap well on 2 cores.
          fileParallelism: true,
          maxWorkers: 4,
          // A project with its own worker count runs as its own group: after the others.
          sequence: { groupOrder: 1 },
        },
      },
    ],
    reporters: ["default", "./test/e2e/missing-cli-reporter.ts"],
    testTimeout: 30_000,
    pool: "forks",
    // Both cores (the default leaves one idle): much of a file's time is waiting on sockets.
    maxWorkers: 2,
  },
});
