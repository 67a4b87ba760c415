import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { Subcommand } from "../command";
import { CommandError, UsageError } from "../command";

const HELP = `usage: strategy-alerts review [<file> | -] [options]

Turns the JSON of \`pulumi preview --json\` into Markdown for a pull-request comment, written to
standard output: counts per resource kind, every rule added, removed or changed per strategy,
activation changes with the plan's headroom, webhook and developer changes (secrets never
printed), policy violations and preview errors. With --backtest it also measures each changed
strategy before → after.

arguments:
  <file> | -              the preview JSON (the digest, or the engine event stream); - or no
                          argument reads standard input

options:
  --backtest              backtest the current and proposed version of every strategy whose
                          rules or triggers change (new strategies: proposed only), through
                          temporary inactive strategies that are deleted afterwards
  --window-days <n>       backtest window: the n whole UTC days before today (default 6, inside
                          every plan's lookback, so a rerun the same day reuses jobs)
  --until <YYYY-MM-DD>    end the backtest window at the start of this UTC day instead of today
                          (a reproducible window)
  --threshold <x>         winner multiple for backtests (default 2)
  --events <file>         engine events (JSON lines), e.g. the same preview streamed with
                          PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true: policy violations are
                          read from it, while the digest given as input says exactly which
                          strategy each unknown id of an activation is. Not needed when the
                          input is the stream itself, which carries the violations
  --drift                 the preview is a drift check (\`pulumi preview --refresh
                          --expect-no-changes --json\`): changes are reported as drift
  --title <text>          heading of the report
  --html <file>           also write the report as one self-contained HTML page (inline SVG
                          charts, no script, nothing loaded from elsewhere), e.g. for a CI
                          artifact
  --poll-interval <ms>    the longest wait between two polls of the backtest jobs (default 5000):
                          polls start 150 ms after the jobs are queued and back off to it,
                          taking at most a fifth of the plan's request rate
  -h, --help              this help

environment:
  STRATEGY_ALERTS_API_KEY, STRATEGY_ALERTS_BASE_URL
                          needed for the plan headroom, strategy and tag names (optional) and
                          for --backtest (required)

With credentials, temporary strategies that an interrupted \`review --backtest\` left behind
(named "[review-tmp <run> <start>] …", inactive, and carrying in their description the review's
proof: a digest of the id the service gave them and their name, which no strategy named so in the
app carries) are deleted once their run started more than 60 minutes ago (a review is done with
them within 45; a start dated ahead of this review's, from a clock that ran ahead, once the
service created them more than a day ago), and the report says so; those of reviews that may still
be running are left alone, and look-alikes without a valid proof are only counted. SIGINT or SIGTERM stops a review: it sends no new
create or backtest, deletes its temporary strategies and exits with 130 or 143.

Input that is not a complete preview (a stream cut before its summary, an error document, a
stack export, a truncated or UTF-16 file) is an error, never a report.

Progress and warnings go to standard error: on a terminal the progress is one line that updates
in place, in a log (not a terminal, or CI=true) one line per step. Exit codes: 0 report written,
1 failure (the input is not a complete preview, the API failed), 2 usage.`;

/** The bytes of the file or of standard input; decoded by the review, which names UTF-16 and binary. */
async function readInput(path: string | undefined): Promise<Uint8Array> {
  if (path === undefined || path === "-") {
    if (process.stdin.isTTY)
      throw new UsageError("no preview JSON: pass a file, or pipe `pulumi preview --json` into `-`");
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  try {
    return await readFile(path);
  } catch (e) {
    throw new CommandError(
      `cannot read the preview JSON ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

/** The HTML page, written whole or not at all (a reader never sees half a page). */
async function writeHtml(path: string, html: string, log: (line: string) => void): Promise<void> {
  const partial = `${path}.${process.pid}.partial`;
  try {
    await writeFile(partial, html);
    await rename(partial, path);
  } catch (e) {
    await rm(partial, { force: true });
    throw new CommandError(
      `cannot write the HTML report ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  log(`wrote the HTML report to ${path}`);
}

/** A day of the calendar: `2030-02-31` has the right shape but is no day, so it is refused too. */
function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function positiveNumber(raw: string | undefined, option: string, fallback: number, integer = false): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${option} must be a positive ${integer ? "whole number" : "number"}, got "${raw}"`);
  }
  return n;
}

/** The arguments, checked: a bad value is a usage error naming the option. */
function readOptions(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      backtest: { type: "boolean" },
      "window-days": { type: "string" },
      threshold: { type: "string" },
      until: { type: "string" },
      events: { type: "string" },
      drift: { type: "boolean" },
      title: { type: "string" },
      html: { type: "string" },
      "poll-interval": { type: "string" },
    },
  });
  if (positionals.length > 1) throw new UsageError(`one preview file expected, got ${positionals.length}`);
  const windowDays = positiveNumber(values["window-days"], "--window-days", 6, true);
  const threshold = positiveNumber(values.threshold, "--threshold", 2);
  const pollIntervalMs = positiveNumber(values["poll-interval"], "--poll-interval", 5000, true);
  if (values.html === "") throw new UsageError("--html needs a file name");
  if (values.until !== undefined && !isCalendarDate(values.until)) {
    throw new UsageError(`--until must be a day of the calendar YYYY-MM-DD, got "${values.until}"`);
  }
  return { values, positionals, windowDays, threshold, pollIntervalMs };
}

export const reviewCommand: Subcommand = {
  name: "review",
  summary: "turn `pulumi preview --json` into a pull-request report, with backtests before → after",
  help: HELP,
  async run(args) {
    const { values, positionals, windowDays, threshold, pollIntervalMs } = readOptions(args);
    const previewBytes = await readInput(positionals[0]);

    // Loaded here: the command list must not pay for the client and the renderer.
    const review = await import("../../provider/review/session");
    const { parsePolicyEvents } = await import("../../provider/review/preview-json");
    const { decodePreview } = await import("../../provider/review/preview-input");
    const previewJson = decodePreview(previewBytes);
    const { API_KEY_ENV, BASE_URL_ENV } = await import("../../provider/credentials");
    const { createProgress } = await import("../progress");
    // One line that updates on a terminal, one line per step in a log; warnings stay above it.
    const display = createProgress({ stream: process.stderr, prefix: "strategy-alerts review: " });
    const log = (line: string) => display.message(line);

    const apiKey = process.env[API_KEY_ENV];
    const baseUrl = process.env[BASE_URL_ENV];
    if (values.backtest && (!apiKey || !baseUrl)) {
      throw new UsageError(`--backtest needs the ${API_KEY_ENV} and ${BASE_URL_ENV} environment variables`);
    }
    const policyViolations = values.events
      ? parsePolicyEvents(decodePreview(await readInput(values.events)))
      : [];
    const { createClient } = await import("../../provider/api/client");
    const { ReviewStop } = await import("../review/stop-on-signal");
    // From the first SIGINT/SIGTERM on, nothing new is created: the client refuses every write.
    const stop = new ReviewStop(log);
    const client = apiKey && baseUrl ? createClient({ apiKey, baseUrl, stopWrites: stop.signal }) : undefined;
    if (!client)
      log(
        `${API_KEY_ENV} / ${BASE_URL_ENV} not set: the plan headroom and names of unchanged strategies are left out`,
      );

    try {
      const result = await review.reviewWithAccount(previewJson, {
        ...(client ? { client } : {}),
        backtest: values.backtest
          ? { windowDays, threshold, pollIntervalMs, ...(values.until ? { until: values.until } : {}) }
          : undefined,
        context: {
          policyViolations,
          ...(values.drift ? { mode: "drift" as const } : {}),
          ...(values.title ? { title: values.title } : {}),
        },
        log,
        progress: display,
        signal: stop.signal,
        onTemporary: (t) => stop.track(t),
        html: values.html !== undefined,
      });
      if (values.html !== undefined && result.html !== undefined)
        await writeHtml(values.html, result.html, log);
      display.done();
      process.stdout.write(result.markdown);
      if (result.shortened.length > 0)
        log(`the report was shortened to fit the comment limit: ${result.shortened.join("; ")}`);
      return 0;
    } catch (err) {
      // A stop exits on its own once the temporary strategies are deleted.
      await stop.settle();
      throw err;
    } finally {
      display.done();
      stop.dispose();
      await client?.close();
    }
  },
};
