/**
 * `npm run sample-report`: rewrites examples/github-actions/sample-report.md with the report of
 * the review e2e scenario (test/e2e/review-scenario.ts): a portfolio applied to an in-process
 * emulator with the Pulumi CLI, its change previewed and reviewed with backtests. The e2e test
 * fails when the file differs from that report. It also saves a screenshot of the same
 * review's HTML page (docs/images/review-report.png, shown in the README: the changed
 * strategy's live record, charts and tables), taken in headless Chromium. Expects `npm run build` to have run.
 */
import "../emulator/startup/quiet-warnings";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { checkHtmlReport } from "../test/e2e/html-report-check";
import { reviewTheSampleChange, SAMPLE_REPORT, startReviewScenario } from "../test/e2e/review-scenario";

const ROOT = resolve(__dirname, "..");
const SCREENSHOT = join(ROOT, "docs/images/review-report.png");

function provide(script: string): string | undefined {
  const res = spawnSync("bash", [script], { cwd: ROOT, encoding: "utf8" });
  const last = res.stdout.trim().split("\n").pop();
  if (res.status !== 0 || !last) {
    process.stderr.write(`sample-report: ${script} failed:\n${res.stderr}`);
    return undefined;
  }
  return last;
}

async function main(): Promise<number> {
  const pulumiBinDir = provide("scripts/ensure-pulumi.sh");
  const chromium = provide("scripts/ensure-chromium.sh");
  if (!pulumiBinDir || !chromium) return 1;
  const scenario = await startReviewScenario({ pulumiBinDir });
  const dir = await mkdtemp(join(tmpdir(), "sample-report-"));
  try {
    const htmlFile = join(dir, "review.html");
    const { result, sample } = await reviewTheSampleChange(scenario, htmlFile);
    if (result.code !== 0) {
      process.stderr.write(`sample-report: the review exited with ${result.code}:\n${result.stderr}`);
      return 1;
    }
    await writeFile(SAMPLE_REPORT, sample);
    process.stdout.write(`sample-report: wrote ${SAMPLE_REPORT.slice(ROOT.length + 1)}\n`);
    const { lastStrategy } = await checkHtmlReport(chromium, htmlFile);
    await writeFile(SCREENSHOT, lastStrategy);
    process.stdout.write(`sample-report: wrote ${SCREENSHOT.slice(ROOT.length + 1)}\n`);
    return 0;
  } finally {
    await scenario.close();
    await rm(dir, { recursive: true, force: true });
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
