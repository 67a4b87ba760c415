import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { REPO_ROOT } from "../harness";

/**
 * The built emulator as a real process with durable state (`strategy-alerts emulator --data`),
 * so a campaign can SIGKILL it and start it again on the same port and data file, as happens
 * to a shared emulator in a team's CI.
 */
export class EmulatorProcess {
  private child: ChildProcess | undefined;
  /** Everything the process printed, across restarts (searched for leaked secrets). */
  output = "";
  port = 0;

  private constructor(readonly dataFile: string) {}

  static async start(dataFile: string): Promise<EmulatorProcess> {
    const em = new EmulatorProcess(dataFile);
    await em.spawn();
    return em;
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
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  }

  async control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.controlUrl + path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /_emulator${path} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
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
    const cli = join(REPO_ROOT, "dist/cli/index.js");
    const child = spawn(
      process.execPath,
      [cli, "emulator", "--port", String(this.port), "--data", this.dataFile],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child = child;
    let mine = "";
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${mine}`)), 30_000);
      const onData = (chunk: Buffer) => {
        mine += chunk.toString();
        this.output += chunk.toString();
        const m = /listening: (http:\/\/\S+)/.exec(mine);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`emulator exited with ${code}:\n${mine}`));
      });
    });
    child.removeAllListeners("exit");
    this.port = Number(new URL(url).port);
  }
}
