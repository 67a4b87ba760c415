/**
 * Progress of a long account read, on stderr. A small account reads in well under a second and
 * prints nothing; a read that takes longer (one tag read per developer at a plan's rate) says
 * how far it is, at most once per interval, and always its last step once it has said anything.
 */
import type { ReadProgress } from "./read-account";

export interface ProgressOptions {
  write: (line: string) => void;
  now?: () => number;
  /** Silent for this long after the start. */
  quietMs?: number;
  /** At most one line per this interval. */
  everyMs?: number;
}

export function progressReporter({
  write,
  now = Date.now,
  quietMs = 1_000,
  everyMs = 2_000,
}: ProgressOptions): {
  progress: ReadProgress;
  /** A line said outright (a rate-limit wait): it also counts as progress shown. */
  say(line: string): void;
} {
  const start = now();
  let last: number | undefined;
  const say = (line: string) => {
    last = now();
    write(`${line}\n`);
  };
  const progress: ReadProgress = (phase, done, total) => {
    const t = now();
    const finished = done >= total;
    if (finished ? last === undefined : t - start < quietMs || (last !== undefined && t - last < everyMs))
      return;
    say(`strategy-alerts import: ${phase}: ${done} of ${total}`);
  };
  return { progress, say };
}
