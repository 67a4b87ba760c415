import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess, startProcess } from "../../support/process";
import { descendantsOf, isRunning, untilGone } from "../../support/process-table";
import { REPO } from "../../support/source-imports";
import { parentScript, useFakeEngines } from "../plugin/fake-engine";

/**
 * The built runtime (`pulumi-strategy-alerts/runtime`, run `npm run build` first) in a process
 * that stands for Pulumi's dynamic-provider host: a script at the host's path
 * (`…/cmd/dynamic-provider/index.js`), its first argument the engine's address, that loads the
 * runtime and configures it as the host does before its first operation, and then serves on
 * (an interval stands for its gRPC server). The real host, under a killed `pulumi up`, is in
 * test/e2e/plugin-lifetime.test.ts.
 */
const BUNDLE = join(REPO, "dist/provider/runtime/bundle.js");
// Liveness, not speed: the watch looks about once a second; this is only the test's patience.
const BOUND_MS = 15_000;

const HOST_SCRIPT = `
const runtime = require(${JSON.stringify(BUNDLE)});
runtime.configure({ config: { get: () => undefined } }).then(() => {
  process.stdout.write("configured\\n");
  setTimeout(() => {
    const grpc = Object.keys(require.cache).some((file) => file.includes("@grpc"));
    process.stdout.write("grpc loaded " + grpc + "\\n");
  }, 1500);
});
setInterval(() => {}, 60_000);
`;

/** The same, in a program or script that merely loads the runtime: it serves nothing. */
const NOT_HOST_SCRIPT = `
const runtime = require(${JSON.stringify(BUNDLE)});
runtime.configure({ config: { get: () => undefined } }).then(() => {
  setTimeout(() => {
    const grpc = Object.keys(require.cache).some((file) => file.includes("@grpc"));
    process.stdout.write("grpc loaded " + grpc + "\\n");
  }, 1500);
});
`;

describe("the dynamic-provider host's lifetime, once it has loaded the runtime", () => {
  let dir: string;
  let host: string;
  let launcher: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "psa-host-lifetime-"));
    host = join(dir, "cmd", "dynamic-provider", "index.js");
    await mkdir(join(host, ".."), { recursive: true });
    await writeFile(host, HOST_SCRIPT);
    await writeFile(join(dir, "not-host.js"), NOT_HOST_SCRIPT);
    // The SDK's launcher, as the engine runs it: a shell that runs the host without `exec`.
    launcher = join(dir, "pulumi-resource-pulumi-nodejs");
    await writeFile(launcher, `#!/bin/sh\n${JSON.stringify(process.execPath)} ${JSON.stringify(host)} $@\n`);
    await chmod(launcher, 0o755);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  // Registered after the folder's removal, so (after-hooks run last first) the processes are
  // killed and the engines stopped before the folder goes.
  const { leftovers, fakeEngine, stopEngineUnder, untilChecks } = useFakeEngines("the host", BOUND_MS);

  // How soon after is the watch's interval, tested with fake timers (test/unit/runtime/engine-watch.test.ts):
  // these processes only show that the real host ends, within the test's patience.
  it("exits once the engine at its address is gone, while its parent lives on", async () => {
    const engine = await fakeEngine();
    const running = await startProcess(process.execPath, [host, engine.address], {
      cwd: dir,
      ready: /configured\n/,
    });
    leftovers.push(running.child.pid!);
    await untilChecks(engine, 3);
    expect(running.output()).toContain("grpc loaded true");
    expect(isRunning(running.child.pid!)).toBe(true);

    const ended = await stopEngineUnder(engine, running.child);
    expect(ended.left).toEqual([]);
    expect(await ended.exited).toBe(0);
  }, 60_000);

  // Linux's /proc, as the process table of the tests (test/support/process-table.ts) reads it.
  it("exits once the engine that ran its launcher shell is gone, while the engine's address still answers", async () => {
    const engine = await fakeEngine();
    // The engine: starts the launcher and stays; the launcher's shell outlives it, as under Pulumi.
    const engineScript = parentScript("launcher-pid", launcher, [engine.address]);
    const parent = await startProcess(process.execPath, ["-e", engineScript], {
      cwd: dir,
      ready: /launcher-pid (\d+)\n(?:.*\n)*?configured\n/,
    });
    const shell = Number(parent.ready[1]);
    const hostPid = descendantsOf(shell).find((p) => p.cmdline.includes(host))?.pid;
    expect(hostPid).toBeDefined();
    leftovers.push(parent.child.pid!, shell, hostPid!);
    await untilChecks(engine, engine.checks + 2);
    expect(isRunning(hostPid!)).toBe(true);

    parent.child.kill("SIGKILL");
    expect(await untilGone([hostPid!, shell], BOUND_MS)).toEqual([]);
  }, 60_000);

  it("starts no watch in a process that merely loads the runtime: it ends by itself, gRPC never loaded", async () => {
    const engine = await fakeEngine();
    const result = await runProcess(process.execPath, [join(dir, "not-host.js"), engine.address], {
      cwd: dir,
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("grpc loaded false\n");
    expect(engine.checks).toBe(0);
  }, 30_000);
});
