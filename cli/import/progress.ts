/**
 * Import's progress through the commands' one progress display (`cli/progress.ts`): each phase of
 * the account read is a step, its count an update. A small account reads within the display's
 * quiet second and prints nothing; a long read (one tag read per developer at a plan's rate)
 * shows one updating line on a terminal and a line now and then in a log.
 */
import type { Progress } from "../progress";
import type { ReadProgress } from "./read-account";

export function importProgress(display: Progress): {
  progress: ReadProgress;
  /** A wait said outright (the rate limit): shown in place of the count until the next one. */
  say(line: string): void;
} {
  let phase: string | undefined;
  const progress: ReadProgress = (name, done, total) => {
    const text = `${name}: ${done} of ${total}`;
    if (name === phase) return display.update(text);
    phase = name;
    display.step(text);
  };
  return { progress, say: (line) => display.update(line) };
}
