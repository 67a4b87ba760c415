import type { ChildProcess } from "node:child_process";
import * as grpc from "@grpc/grpc-js";
import { afterAll } from "vitest";
import { isRunning, untilGone } from "../../support/process-table";

const raw = (b: Buffer) => b;

/** A unary gRPC method at `path` on raw bytes: the tests need no message stubs. */
export const rawUnaryMethod = (path: string) => ({
  path,
  requestStream: false,
  responseStream: false,
  requestSerialize: raw,
  requestDeserialize: raw,
  responseSerialize: raw,
  responseDeserialize: raw,
});

/** grpc.health.v1.Health/Check, as the engine serves it. */
const HEALTH_SERVICE: grpc.ServiceDefinition = { check: rawUnaryMethod("/grpc.health.v1.Health/Check") };

// HealthCheckResponse { status: SERVING }: field 1, varint 1.
const SERVING = Buffer.from([0x08, 0x01]);

/**
 * What a plugin's first argument points at: a gRPC server on loopback. By default it answers
 * the health check as the engine does; `health: "never"` leaves every check unanswered (a
 * suspended engine), `health: "unimplemented"` serves no health service at all.
 */
export class FakeEngine {
  checks = 0;

  private constructor(
    readonly address: string,
    readonly server: grpc.Server,
  ) {}

  static async start(health: "serving" | "never" | "unimplemented" = "serving"): Promise<FakeEngine> {
    const server = new grpc.Server();
    let engine: FakeEngine | undefined;
    if (health !== "unimplemented") {
      server.addService(HEALTH_SERVICE, {
        check: (_call: unknown, callback: grpc.sendUnaryData<Buffer>) => {
          if (engine) engine.checks++;
          if (health === "serving") callback(null, SERVING);
        },
      });
    }
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
        err ? reject(err) : resolve(p),
      ),
    );
    engine = new FakeEngine(`127.0.0.1:${port}`, server);
    return engine;
  }

  /** Gone at once, as a killed engine is: its connections are closed and its port refuses. */
  stop(): void {
    this.server.forceShutdown();
  }
}

/**
 * A lifetime suite's engines and the processes it starts: `fakeEngine()` starts an engine,
 * `leftovers` takes the pids to kill should a test fail before they end, and after the suite
 * those are killed and the engines stopped. `stopEngineUnder` stops an engine under a process and
 * waits for it to end; `untilChecks` waits until `who` (the plugin or the
 * host, as the timeout's message names it) health-checked an engine `n` times in all.
 */
export function useFakeEngines(who: string, boundMs: number) {
  const leftovers: number[] = [];
  const engines: FakeEngine[] = [];
  afterAll(() => {
    for (const pid of leftovers.filter(isRunning)) process.kill(pid, "SIGKILL");
    for (const engine of engines) engine.stop();
  });
  return {
    leftovers,
    async fakeEngine(): Promise<FakeEngine> {
      const engine = await FakeEngine.start();
      engines.push(engine);
      return engine;
    },
    /**
     * Stops `engine` and waits (up to the bound) for `child` to end: the pids still running then,
     * and the child's exit code to come.
     */
    async stopEngineUnder(engine: FakeEngine, child: ChildProcess) {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      engine.stop();
      const left = await untilGone([child.pid!], boundMs);
      return { left, exited };
    },
    async untilChecks(engine: FakeEngine, n: number): Promise<void> {
      const deadline = Date.now() + boundMs;
      while (engine.checks < n) {
        if (Date.now() > deadline) throw new Error(`${who} health-checked the engine ${engine.checks} times`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/**
 * A node program that starts `command` with `args` (its output inherited, as an engine starts a
 * plugin), writes `<label> <pid>` on a line of its own and stays: the parent a lifetime test kills.
 */
export function parentScript(label: string, command: string, args: string[]): string {
  return [
    'const { spawn } = require("node:child_process");',
    `const child = spawn(${JSON.stringify(command)}, ${JSON.stringify(args)}, { stdio: ["ignore", "inherit", "inherit"] });`,
    `process.stdout.write("${label} " + child.pid + "\\n");`,
    "setInterval(() => {}, 60_000);",
  ].join("\n");
}
