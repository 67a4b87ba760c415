import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"] } },
      { extends: true, test: { name: "integration", include: ["test/integration/**/*.test.ts"] } },
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
        },
      },
    ],
    reporters: ["default", "./test/e2e/missing-cli-reporter.ts"],
    testTimeout: 30_000,
    pool: "forks",
  },
});
