/**
 * `npm run sample-report`: rewrites examples/github-actions/sample-report.md with the report of
 * the review e2e scenario (test/e2e/review-scenario.ts): a portfolio applied to an in-process
 * emulator with the Pulumi CLI, its change previewed and reviewed with backtests. The e2e test
 * fails when the file differs from that report. Expects `npm run build` to have run.
 */
import "../emulator/startup/quiet-warnings";
import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { reviewTheSampleChange, SAMPLE_REPORT, startReviewScenario } from "../test/e2e/review-scenario";

const ROOT = resolve(__dirname, "..");

async function main(): Promise<number> {
  const ensure = spawnSync("bash", ["scripts/ensure-pulumi.sh"], { cwd: ROOT, encoding: "utf8" });
  const pulumiBinDir = ensure.stdout.trim().split("\n").pop();
  if (ensure.status !== 0 || !pulumiBinDir) {
    process.stderr.write(`sample-report: could not provision the Pulumi CLI:\n${ensure.stderr}`);
    return 1;
  }
  const scenario = await startReviewScenario({ pulumiBinDir });
  try {
    const { result, sample } = await reviewTheSampleChange(scenario);
    if (result.code !== 0) {
      process.stderr.write(`sample-report: the review exited with ${result.code}:\n${result.stderr}`);
      return 1;
    }
    await writeFile(SAMPLE_REPORT, sample);
    process.stdout.write(`sample-report: wrote ${SAMPLE_REPORT.slice(ROOT.length + 1)}\n`);
    return 0;
  } finally {
    await scenario.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sample-report: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
