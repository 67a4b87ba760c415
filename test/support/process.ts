import { type ChildProcess, spawn } from "node:child_process";

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ProcessOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Written to the child's stdin, which is then closed; without it stdin is ignored. */
  input?: string;
}

/** The arguments that run a TypeScript file (or `-e` code) of the repository through ts-node. */
export function tsNode(...args: string[]): string[] {
  return ["-r", "ts-node/register/transpile-only", ...args];
}

function spawnPiped(cmd: string, args: string[], opts: ProcessOptions): ChildProcess {
  const child = spawn(cmd, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: [opts.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  // A command that exits before reading all its input breaks the pipe: its exit code says why.
  child.stdin?.on("error", () => {});
  if (opts.input !== undefined) child.stdin?.end(opts.input);
  return child;
}

/** Runs a command to its end, collecting its output; a non-zero exit is a result, not a throw. */
export function runProcess(cmd: string, args: string[], opts: ProcessOptions): Promise<ProcessResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawnPiped(cmd, args, opts);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => {
      stdout += d;
    });
    child.stderr?.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  });
}

/** A child that keeps running after it said it was ready. */
export interface RunningProcess {
  child: ChildProcess;
  /** The match of the ready pattern in the child's stdout. */
  ready: RegExpExecArray;
  /** Everything the child wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** Kills the child (SIGKILL unless told) and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts a long-lived command and waits until its stdout (or, with `readyOn`, its stderr)
 * matches `ready` (a server printing its address, a command reaching a step); fails with the
 * output so far when it exits or takes longer.
 */
export function startProcess(
  cmd: string,
  args: string[],
  opts: ProcessOptions & { ready: RegExp; readyOn?: "stdout" | "stderr"; timeoutMs?: number },
): Promise<RunningProcess> {
  const child = spawnPiped(cmd, args, opts);
  const seen = { stdout: "", stderr: "" };
  let output = "";
  // "close": the child has exited and its output has been read to the end.
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const running: Omit<RunningProcess, "ready"> = {
    child,
    output: () => output,
    stop: async (signal = "SIGKILL") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${cmd} ${why}:\n${output}`));
    };
    const timer = setTimeout(() => {
      fail(`was not ready within ${opts.timeoutMs ?? 30_000} ms`);
      void running.stop();
    }, opts.timeoutMs ?? 30_000);
    const watch = (stream: "stdout" | "stderr") => (d: Buffer) => {
      seen[stream] += d;
      output += d;
      const ready = stream === (opts.readyOn ?? "stdout") ? opts.ready.exec(seen[stream]) : null;
      if (ready) {
        clearTimeout(timer);
        resolve({ ...running, ready });
      }
    };
    child.stdout?.on("data", watch("stdout"));
    child.stderr?.on("data", watch("stderr"));
    child.on("error", (error) => fail(`could not start: ${error.message}`));
    child.on("exit", (code) => fail(`exited with ${code} before it was ready`));
  });
}
