/**
 * Ends a provider process once the engine that started it is gone: the provider plugin
 * (plugin/main.ts) and Pulumi's dynamic-provider host of a TypeScript program, once it has loaded
 * this runtime (host-lifetime.ts). The engine normally stops its providers itself, but a `pulumi`
 * killed with SIGKILL, or ended by SIGPIPE (`pulumi preview | head`), never does: Pulumi starts
 * each provider in a process group of its own, so the provider would keep serving on loopback
 * with the stack's decrypted config, the account key included. Two independent signs, checked
 * about once a second: the parent process changed (the kernel re-parents an orphan), or the
 * engine's address refuses connections (the gRPC health check every Pulumi engine serves).
 * Pulumi's Go plugins run the same health check, every five minutes; a provider of ours holds a
 * key, so it checks often. The check itself is in engine-health.ts, loaded with the first probe:
 * this module loads no gRPC, so the plugin starts watching before it has loaded the library, and
 * the runtime's bundle (which leaves `@grpc/grpc-js` out) loads it only in a watching host.
 */
import type { engineHealthProbe } from "./engine-health";

/** What the watch looks at; injected so that its logic is tested without processes. */
export interface EngineProbes {
  /**
   * The id of the process that started the provider, read afresh on every call (`process.ppid`;
   * through a launcher shell, the shell's parent: host-lifetime.ts).
   */
  parentPid(): number;
  /**
   * Asks the engine whether it is alive: "gone" only when it refused the connection; "unsure"
   * when it did not answer in time (a suspended `pulumi` still holds its socket open).
   * Absent when the provider was given no engine address.
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
      return `the provider's parent process ${this.#initialParent} has exited`;
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
 * The engine's address among the provider's arguments: the first one that is not a flag. The
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

/**
 * Ends this process (exit code 0) once its engine is gone: the watch above, its health check
 * loaded with its first probe, and a broken stdout or stderr pipe (the engine is the only reader
 * of a provider's output). Returns the list of what to close on the way out, which the caller
 * may fill later.
 */
export function exitWithEngine(
  address: string | undefined,
  parentPid: () => number = () => process.ppid,
): Array<() => void> {
  const stop: Array<() => void> = [];
  let health: Promise<ReturnType<typeof engineHealthProbe>> | undefined;
  const engine =
    address === undefined
      ? undefined
      : async () => {
          health ??= import("./engine-health").then(({ engineHealthProbe }) => engineHealthProbe(address));
          return (await health).check();
        };
  const watch = new EngineWatch({ parentPid, engine });
  const exit = () => {
    watch.stop();
    for (const close of stop) close();
    // Nobody is left to read a message, and the account key leaves with the process.
    process.exit(0);
  };
  watch.start(exit);
  process.stdout.on("error", exit);
  process.stderr.on("error", exit);
  return stop;
}
