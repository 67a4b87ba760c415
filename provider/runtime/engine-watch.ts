/**
 * Ends the plugin once the engine that started it is gone. The engine normally stops its plugins
 * itself, but a `pulumi` killed with SIGKILL, or ended by SIGPIPE (`pulumi preview | head`),
 * never does: Pulumi starts each plugin in a process group of its own, so the plugin would keep
 * serving on loopback with the account key loaded. Two independent signs, checked about once a
 * second: the parent process changed (the kernel re-parents an orphan), or the engine's address
 * refuses connections (the gRPC health check every Pulumi engine serves). Pulumi's Go plugins
 * run the same health check, every five minutes; a plugin of ours holds a key, so it checks often.
 * The check itself is in engine-health.ts: this module loads no gRPC, so the plugin can start
 * watching before it has loaded the library.
 */
/** What the watch looks at; injected so that its logic is tested without processes. */
export interface EngineProbes {
  /** The current parent process id (`process.ppid` is read afresh on every access). */
  parentPid(): number;
  /**
   * Asks the engine whether it is alive: "gone" only when it refused the connection; "unsure"
   * when it did not answer in time (a suspended `pulumi` still holds its socket open).
   * Absent when the plugin was given no engine address.
   */
  engine?: () => Promise<"alive" | "gone" | "unsure">;
}

export interface EngineWatchOptions {
  intervalMs?: number;
  /** Refusals in a row that mean the engine is gone; one alone may be a blip of the connection. */
  refusalsToExit?: number;
}

export class EngineWatch {
  readonly #probes: EngineProbes;
  readonly #initialParent: number;
  readonly #intervalMs: number;
  readonly #refusalsToExit: number;
  #refusals = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(probes: EngineProbes, options: EngineWatchOptions = {}) {
    this.#probes = probes;
    this.#initialParent = probes.parentPid();
    this.#intervalMs = options.intervalMs ?? 1000;
    this.#refusalsToExit = options.refusalsToExit ?? 2;
  }

  /** One round of the probes: why the engine is gone, or undefined while it seems alive. */
  async probe(): Promise<string | undefined> {
    const parent = this.#probes.parentPid();
    if (parent !== this.#initialParent)
      return `the plugin's parent process ${this.#initialParent} has exited`;
    if (!this.#probes.engine) return undefined;
    let answer: "alive" | "gone" | "unsure";
    try {
      answer = await this.#probes.engine();
    } catch {
      answer = "unsure";
    }
    if (answer === "alive") this.#refusals = 0;
    if (answer === "gone") this.#refusals += 1;
    return this.#refusals >= this.#refusalsToExit
      ? `the engine refused ${this.#refusals} health checks in a row`
      : undefined;
  }

  /** Probes every interval until the engine is gone, then calls `onGone` once. */
  start(onGone: (reason: string) => void): void {
    let busy = false;
    // Unref'd: the watch alone never keeps the process running.
    this.#timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void this.probe().then((reason) => {
        busy = false;
        if (reason === undefined || this.#timer === undefined) return;
        this.stop();
        onGone(reason);
      });
    }, this.#intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/**
 * The engine's address among the plugin's arguments: the first one that is not a flag. The
 * engine may put its logging flags (`--logtostderr`, `-v=9`) and `--tracing <endpoint>` first.
 */
export function engineAddressOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--tracing") i++;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}
