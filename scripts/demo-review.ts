/**
 * The review step of `npm run demo`: `strategy-alerts review --backtest --html` run on the
 * preview of a change, as a pull request's CI job runs it, while the in-process emulator's
 * backtest jobs are moved along (they otherwise complete two minutes after creation, on the
 * emulator's clock).
 */
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import type { RunningEmulator } from "../emulator/server";

const ROOT = resolve(__dirname, "..");

export interface DemoReview {
  code: number | null;
  report: string;
  stderr: string;
}

export async function reviewChange(
  emulator: RunningEmulator,
  credentials: { apiKey: string; baseUrl: string },
  previewJson: string,
  htmlFile: string,
): Promise<DemoReview> {
  let running = true;
  const driver = (async () => {
    while (running) {
      await fetch(`${emulator.controlUrl}/jobs/run`, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      });
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  try {
    return await new Promise<DemoReview>((done, fail) => {
      const child = spawn(
        process.execPath,
        [
          join(ROOT, "dist/cli/index.js"),
          "review",
          "-",
          "--backtest",
          "--html",
          htmlFile,
          "--poll-interval",
          "250",
        ],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            STRATEGY_ALERTS_API_KEY: credentials.apiKey,
            STRATEGY_ALERTS_BASE_URL: credentials.baseUrl,
          },
          stdio: ["pipe", "pipe", "pipe"],
        },
      );
      let report = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => {
        report += d.toString();
      });
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      child.on("error", fail);
      child.on("close", (code) => done({ code, report, stderr }));
      child.stdin.end(previewJson);
    });
  } finally {
    running = false;
    await driver;
  }
}
