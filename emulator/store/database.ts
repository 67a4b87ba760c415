import { DatabaseSync } from "node:sqlite";

/**
 * A small document store on SQLite. With a file it is durable: WAL plus `synchronous=FULL`
 * fsyncs every commit, and every route writes synchronously (DatabaseSync) before it replies,
 * so an acknowledged write survives a hard kill. Without a file the same code runs on an
 * in-memory database, so the in-memory and durable modes cannot drift apart.
 *
 * Documents are JSON rows keyed by (kind, id), with the owning user and an optional secondary
 * lookup key as indexed columns. Insertion order (rowid) is the natural listing order.
 */
export class DocumentDb {
  private readonly db: DatabaseSync;

  constructor(readonly file?: string) {
    this.db = new DatabaseSync(file ?? ":memory:");
    if (file) {
      this.db.exec("PRAGMA journal_mode = WAL");
      this.db.exec("PRAGMA synchronous = FULL");
    }
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS docs (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        user_id TEXT,
        lookup TEXT,
        body TEXT NOT NULL,
        PRIMARY KEY (kind, id)
      );
      CREATE INDEX IF NOT EXISTS docs_user ON docs (kind, user_id);
      CREATE INDEX IF NOT EXISTS docs_lookup ON docs (kind, lookup);
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
  }

  get<T>(kind: string, id: string): T | undefined {
    const row = this.db.prepare("SELECT body FROM docs WHERE kind = ? AND id = ?").get(kind, id) as
      | { body: string }
      | undefined;
    return row ? (JSON.parse(row.body) as T) : undefined;
  }

  findByLookup<T>(kind: string, lookup: string): T | undefined {
    const row = this.db.prepare("SELECT body FROM docs WHERE kind = ? AND lookup = ?").get(kind, lookup) as
      | { body: string }
      | undefined;
    return row ? (JSON.parse(row.body) as T) : undefined;
  }

  list<T>(kind: string, userId?: string): T[] {
    const rows = (
      userId === undefined
        ? this.db.prepare("SELECT body FROM docs WHERE kind = ? ORDER BY rowid").all(kind)
        : this.db
            .prepare("SELECT body FROM docs WHERE kind = ? AND user_id = ? ORDER BY rowid")
            .all(kind, userId)
    ) as { body: string }[];
    return rows.map((r) => JSON.parse(r.body) as T);
  }

  /** Every document of a kind with this lookup key, in insertion order. */
  listByLookup<T>(kind: string, lookup: string): T[] {
    const rows = this.db
      .prepare("SELECT body FROM docs WHERE kind = ? AND lookup = ? ORDER BY rowid")
      .all(kind, lookup) as { body: string }[];
    return rows.map((r) => JSON.parse(r.body) as T);
  }

  /** Insert or replace; an update keeps the row's position in listing order. */
  put(kind: string, id: string, doc: unknown, opts: { userId?: string; lookup?: string } = {}): void {
    this.db
      .prepare(
        `INSERT INTO docs (kind, id, user_id, lookup, body) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (kind, id) DO UPDATE SET user_id = excluded.user_id, lookup = excluded.lookup, body = excluded.body`,
      )
      .run(kind, id, opts.userId ?? null, opts.lookup ?? null, JSON.stringify(doc));
  }

  delete(kind: string, id: string): boolean {
    return Number(this.db.prepare("DELETE FROM docs WHERE kind = ? AND id = ?").run(kind, id).changes) > 0;
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as
      | { value: string }
      | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      )
      .run(key, value);
  }

  /** Runs `fn` in one transaction so a multi-document change is committed all or nothing. */
  transaction<T>(fn: () => T): T {
    // Nested calls join the outer transaction.
    if (this.db.isTransaction) return fn();
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const out = fn();
      this.db.exec("COMMIT");
      return out;
    } catch (e) {
      this.db.exec("ROLLBACK");
      throw e;
    }
  }

  clear(): void {
    this.db.exec("DELETE FROM docs; DELETE FROM meta;");
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
