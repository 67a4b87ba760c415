/** The request journal of the control plane: what was called, never with which key. */
export interface JournalEntry {
  method: string;
  /** Route template relative to the base URL, e.g. /strategies/:id; null when no route matched. */
  route: string | null;
  /** Path relative to the base URL, without the query string. */
  path: string;
  /** Status sent; null when the connection was dropped before any response. */
  status: number | null;
  /** Emulator-clock time the request arrived. */
  time: string;
  userId: string | null;
  /** Set when an injected fault shaped this request. */
  fault?: string;
}

const MAX_ENTRIES = 10_000;

export class RequestJournal {
  private entries: JournalEntry[] = [];

  record(e: JournalEntry): void {
    this.entries.push(e);
    // Bounded so a long-running emulator does not grow without limit.
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  list(): JournalEntry[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}
