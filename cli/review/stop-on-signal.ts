/**
 * SIGINT/SIGTERM during `strategy-alerts review`: stop means stop. The signal aborts the run
 * (the client then refuses every new write, the run checks before each create and backtest),
 * the review's temporary strategies are deleted, and the command exits 130/143 saying it was
 * stopped, without a report.
 */
import { printableText } from "../../provider/model/printable-text";

interface Cleanable {
  cleanup(): Promise<void>;
  report(): { name: string; deleted: boolean }[];
}

export class ReviewStop {
  private readonly controller = new AbortController();
  private temporary: Cleanable | undefined;
  private stopping: Promise<never> | undefined;
  private readonly onSignal = (signal: NodeJS.Signals) => this.stop(signal);

  constructor(private readonly log: (line: string) => void) {
    process.on("SIGINT", this.onSignal);
    process.on("SIGTERM", this.onSignal);
  }

  /** Aborted on the first SIGINT/SIGTERM. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The run's temporary strategies, as soon as they may exist. */
  track(temporary: Cleanable): void {
    this.temporary = temporary;
  }

  /** After a failure: when it came from a stop, waits for the exit the stop makes. */
  async settle(): Promise<void> {
    if (this.stopping) await this.stopping;
  }

  dispose(): void {
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
  }

  private stop(signal: NodeJS.Signals): void {
    // A second signal while cleaning up changes nothing: the deletes finish, then the exit.
    if (this.stopping) return;
    this.log(`${signal}: deleting the review's temporary strategies before exiting; nothing new is sent`);
    this.controller.abort(signal);
    this.stopping = this.cleanUpAndExit(signal);
  }

  private async cleanUpAndExit(signal: NodeJS.Signals): Promise<never> {
    try {
      await this.temporary?.cleanup();
    } catch {
      // Whatever was not deleted is named below.
    }
    const made = this.temporary?.report() ?? [];
    const left = made.filter((t) => !t.deleted);
    this.log(
      `stopped by ${signal}: no report written; nothing new was sent after the signal; ` +
        `${made.length - left.length} of ${made.length} temporary strategies deleted` +
        (left.length > 0 ? ` (not deleted: ${left.map((t) => printableText(t.name)).join(", ")})` : ""),
    );
    return process.exit(signal === "SIGINT" ? 130 : 143);
  }
}
