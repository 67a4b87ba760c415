import type { RunClock } from "../../provider/runtime/run-state";

interface Timer {
  at: number;
  callback: () => void;
}

/** A clock the test moves by hand: its timers fire only inside `advance`, earliest first. */
export class ManualClock implements RunClock {
  #now: number;
  #nextId = 1;
  readonly #timers = new Map<number, Timer>();

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): number {
    const id = this.#nextId++;
    this.#timers.set(id, { at: this.#now + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** The delays, from now, of the timers still waiting. */
  pendingDelays(): number[] {
    return [...this.#timers.values()].map((t) => t.at - this.#now).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, firing each timer that falls due at its own time. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      let due: [number, Timer] | undefined;
      for (const entry of this.#timers) {
        if (entry[1].at <= until && (!due || entry[1].at < due[1].at)) due = entry;
      }
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = due[1].at;
      due[1].callback();
    }
    this.#now = until;
  }
}
