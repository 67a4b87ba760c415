/**
 * The one progress display of the long commands (review --backtest, import). On a terminal it is
 * one line that updates in place (carriage return, line cleared, cut to the terminal's width so
 * it never wraps); in a log (standard error not a terminal, or CI=true) it is one line per step,
 * so a CI log of a review reads a handful of lines instead of one per poll. Lines that must stay
 * (warnings, what was written) go through `message`, above the progress line.
 *
 * Every text is untrusted (strategy names, the service's messages) and shown through
 * `printableText`: an escape sequence, a carriage return or a bidi override in a name cannot
 * rewrite the terminal or forge a line of the log.
 */
import { printableText } from "../provider/model/printable-text";

/** Where the progress goes: standard error, or a stand-in in tests. */
export interface ProgressStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  /** The terminal's width; lines are cut to it so a carriage return returns to their start. */
  columns?: number;
}

export interface ProgressOptions {
  stream: ProgressStream;
  /** Put before every line, e.g. `strategy-alerts review: ` (trusted text). */
  prefix?: string;
  /** The environment, for CI (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  now?: () => number;
  /** Nothing is shown for this long after the start (a quick command prints nothing). */
  quietMs?: number;
  /** On a terminal: at most one redraw of an update per this interval. */
  redrawEveryMs?: number;
  /** In a log: an update inside a step is written at most once per this interval (a sign of life). */
  logEveryMs?: number;
}

export interface Progress {
  /** A new step: replaces the line on a terminal; one line in a log. */
  step(text: string): void;
  /** How far the current step has got: rewrites the line on a terminal; rare in a log. */
  update(text: string): void;
  /** A line that stays (a warning, a result), written above the progress line. */
  message(text: string): void;
  /** Clears the progress line; call before the command writes its output or exits. */
  done(): void;
}

const CLEAR_LINE = "\r\u001b[2K";
const DEFAULT_COLUMNS = 80;

/** CI=true (or any value but false/0) marks a log even when standard error is a terminal. */
function inCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== "" && ci !== "false" && ci !== "0";
}

/** Whether progress updates in place (a terminal, outside CI). */
export function updatesInPlace(
  stream: ProgressStream,
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean {
  return stream.isTTY === true && !inCi(env);
}

/** The text cut to `width` code points, an ellipsis marking the cut. */
function cutToWidth(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  return `${chars.slice(0, Math.max(0, width - 1)).join("")}…`;
}

export function createProgress(options: ProgressOptions): Progress {
  const { stream, prefix = "", now = Date.now, quietMs = 0 } = options;
  const inPlace = updatesInPlace(stream, options.env);
  const redrawEveryMs = options.redrawEveryMs ?? 100;
  const logEveryMs = options.logEveryMs ?? 60_000;
  const start = now();
  /** The progress text shown now on the terminal, or undefined when the line is clear. */
  let shown: string | undefined;
  let lastWrite: number | undefined;
  let stepText: string | undefined;
  const quiet = () => now() - start < quietMs;

  const draw = (text: string) => {
    const width = Math.max(10, (stream.columns ?? DEFAULT_COLUMNS) - 1);
    shown = text;
    lastWrite = now();
    stream.write(`${CLEAR_LINE}${cutToWidth(`${prefix}${printableText(text)}`, width)}`);
  };
  const logLine = (text: string) => {
    lastWrite = now();
    stream.write(`${prefix}${printableText(text)}\n`);
  };

  return {
    step(text) {
      stepText = text;
      if (quiet()) return;
      if (inPlace) draw(text);
      else logLine(text);
    },
    update(text) {
      if (quiet()) return;
      const since = lastWrite === undefined ? Number.POSITIVE_INFINITY : now() - lastWrite;
      if (inPlace) {
        if (shown === undefined || since >= redrawEveryMs) draw(text);
      } else if (stepText === undefined || since >= logEveryMs) {
        // In a log an update is written only when nothing was for a while (or no step says what runs).
        stepText ??= text;
        logLine(text);
      }
    },
    message(text) {
      if (!inPlace) return logLine(text);
      const current = shown;
      stream.write(`${CLEAR_LINE}${prefix}${printableText(text)}\n`);
      shown = undefined;
      if (current !== undefined) draw(current);
    },
    done() {
      if (inPlace && shown !== undefined) stream.write(CLEAR_LINE);
      shown = undefined;
    },
  };
}
