import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // e2e tests drive the real Pulumi engine; each command takes seconds.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
