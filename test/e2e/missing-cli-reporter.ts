import type { Reporter, TestModule } from "vitest/node";

/** Set by the e2e global setup when no Pulumi CLI could be provisioned (outside CI only). */
export const MISSING_CLI_ENV = "PSA_E2E_PULUMI_MISSING";

/**
 * Outside CI a machine without the Pulumi CLI still runs the unit and integration suites, but
 * the end-to-end tests cannot run. Say so loudly at the very end, with the count and the way to
 * get the CLI, rather than letting them vanish among the skipped tests.
 */
export default class MissingCliReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const why = process.env[MISSING_CLI_ENV];
    if (!why) return;
    let notRun = 0;
    for (const mod of testModules) {
      if (mod.project.name !== "e2e") continue;
      for (const test of mod.children.allTests()) if (test.result().state === "skipped") notRun++;
    }
    if (notRun === 0) return;
    const bar = "!".repeat(78);
    process.stderr.write(
      [
        "",
        bar,
        `!! ${notRun} END-TO-END TESTS DID NOT RUN: no Pulumi CLI could be provisioned.`,
        `!! ${why}`,
        "!! Get it with `npm run pulumi:ensure` (builds Pulumi from Go modules; needs Go 1.26),",
        "!! or put a `pulumi` 3.270+ with `pulumi-language-nodejs` on PATH, then run `npm test` again.",
        "!! With CI=true a missing CLI fails the run instead.",
        bar,
        "",
      ].join("\n"),
    );
  }
}
