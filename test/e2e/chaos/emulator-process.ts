import { DatabaseSync } from "node:sqlite";
import { controlOk } from "../../support/emulator";
import { type RunningProcess, startProcess } from "../../support/process";
import { BUILT_CLI, REPO_ROOT } from "../harness";

/**
 * The built emulator as a real process with durable state (`strategy-alerts emulator --data`),
 * so a campaign can SIGKILL it and start it again on the same port and data file, as happens
 * to a shared emulator in a team's CI.
 */
export class EmulatorProcess {
  private running: RunningProcess | undefined;
  /** What the processes before the running one printed. */
  private earlier = "";
  port = 0;

  private constructor(readonly dataFile: string) {}

  static async start(dataFile: string): Promise<EmulatorProcess> {
    const em = new EmulatorProcess(dataFile);
    await em.spawn();
    return em;
  }

  /** Everything the process printed, across restarts (searched for leaked secrets). */
  get output(): string {
    return this.earlier + (this.running?.output() ?? "");
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/api/external/v1`;
  }

  get controlUrl(): string {
    return `http://127.0.0.1:${this.port}/_emulator`;
  }

  /** SIGKILL, then the same port and data file again. */
  async restart(): Promise<void> {
    await this.kill();
    await this.spawn();
  }

  async kill(): Promise<void> {
    const running = this.running;
    if (!running) return;
    await running.stop("SIGKILL");
    this.earlier += running.output();
    this.running = undefined;
  }

  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    return controlOk<T>(this, method, path, body);
  }

  /** The signing secret the service holds for a user's webhook (read from the data file). */
  webhookSecret(userId: string): string | null {
    const db = new DatabaseSync(this.dataFile, { readOnly: true });
    try {
      const row = db.prepare("SELECT body FROM docs WHERE kind = 'webhook' AND id = ?").get(userId) as
        | { body: string }
        | undefined;
      return row ? ((JSON.parse(row.body) as { secret: string | null }).secret ?? null) : null;
    } finally {
      db.close();
    }
  }

  private async spawn(): Promise<void> {
    this.running = await startProcess(
      process.execPath,
      [BUILT_CLI, "emulator", "--port", String(this.port), "--data", this.dataFile],
      { cwd: REPO_ROOT, ready: /listening: (http:\/\/\S+)\n/ },
    );
    this.port = Number(new URL(this.running.ready[1]!).port);
  }
}
