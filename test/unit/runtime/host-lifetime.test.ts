import { describe, expect, it } from "vitest";
import {
  engineParentProbe,
  isDynamicProviderHost,
  type ProcessInfo,
  procInfo,
  watchEngineFromHost,
} from "../../../provider/runtime/host-lifetime";

const HOST = "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";

describe("isDynamicProviderHost", () => {
  it("is the process whose entry script is the SDK's dynamic-provider host", () => {
    expect(isDynamicProviderHost(["/usr/bin/node", HOST, "127.0.0.1:4000"])).toBe(true);
    expect(
      isDynamicProviderHost([
        "node",
        "C:\\p\\node_modules\\@pulumi\\pulumi\\cmd\\dynamic-provider\\index.js",
      ]),
    ).toBe(true);
    expect(isDynamicProviderHost(["node", "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider"])).toBe(true);
  });

  it("is not a program, a test runner, a script or a REPL that loads the runtime", () => {
    expect(isDynamicProviderHost(["node", "/p/index.ts"])).toBe(false);
    expect(isDynamicProviderHost(["node", "/p/node_modules/vitest/vitest.mjs", "run"])).toBe(false);
    expect(isDynamicProviderHost(["node", "/p/cmd/dynamic-provider-tools/index.js"])).toBe(false);
    expect(isDynamicProviderHost(["node"])).toBe(false);
  });
});

/** A process table the test edits: pid → parent and command line. */
function table(entries: Record<number, ProcessInfo>) {
  const state = { ppid: 200, entries };
  return {
    state,
    ppid: () => state.ppid,
    info: (pid: number) => state.entries[pid],
  };
}

const LAUNCHER: ProcessInfo = {
  ppid: 100,
  cmdline: "/bin/sh /p/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs 127.0.0.1:4000",
};

describe("engineParentProbe", () => {
  it("is the parent itself when the parent is no launcher shell (the plugin, a host run directly)", () => {
    const t = table({ 200: { ppid: 100, cmdline: "pulumi up --yes" } });
    const probe = engineParentProbe(t.ppid, t.info);
    expect(probe()).toBe(200);
    t.state.ppid = 1;
    expect(probe()).toBe(1);
  });

  it("looks through the SDK's launcher shell at the engine, and changes once the engine is gone", () => {
    const t = table({ 200: { ...LAUNCHER } });
    const probe = engineParentProbe(t.ppid, t.info);
    expect(probe()).toBe(100);
    expect(probe()).toBe(100);
    // The engine killed: the shell, waiting for the host, is re-parented (to init or a subreaper).
    t.state.entries[200] = { ...LAUNCHER, ppid: 1 };
    expect(probe()).toBe(1);
  });

  it("looks through the toolchain's Go launcher the same way", () => {
    const goLauncher = {
      ppid: 100,
      cmdline: "/cache/pulumi-v3/pulumi-resource-pulumi-nodejs 127.0.0.1:4000",
    };
    const t = table({ 200: goLauncher });
    const probe = engineParentProbe(t.ppid, t.info);
    expect(probe()).toBe(100);
    t.state.entries[200] = { ...goLauncher, ppid: 1 };
    expect(probe()).toBe(1);
  });

  it("changes when the launcher shell is gone, or gone from the table before the host is re-parented", () => {
    const t = table({ 200: { ...LAUNCHER } });
    const probe = engineParentProbe(t.ppid, t.info);
    expect(probe()).toBe(100);
    delete t.state.entries[200];
    expect(probe()).toBe(200);
    t.state.ppid = 1;
    expect(probe()).toBe(1);
  });

  it("falls back to the parent alone where there is no process table to read", () => {
    const probe = engineParentProbe(
      () => 200,
      () => undefined,
    );
    expect(probe()).toBe(200);
  });
});

describe("procInfo", () => {
  it("reads this process's parent from the process table, where there is one", () => {
    const self = procInfo(process.pid);
    if (process.platform !== "linux") return expect(self).toBeUndefined();
    expect(self?.ppid).toBe(process.ppid);
    expect(self?.cmdline).toContain("node");
  });

  it("is undefined for a process that does not exist", () => {
    expect(procInfo(2 ** 30)).toBeUndefined();
  });
});

describe("watchEngineFromHost", () => {
  it("starts nothing in a process that is not the host (a test runner that loads the runtime)", () => {
    const started: unknown[] = [];
    expect(
      watchEngineFromHost(["node", "/p/index.js", "127.0.0.1:4000"], (...args) => started.push(args)),
    ).toBe(false);
    expect(started).toEqual([]);
  });

  it("starts the watch once in the host, with the engine's address its first argument", () => {
    const started: { address: string | undefined; parent: number }[] = [];
    const start = (address: string | undefined, parentPid: () => number) =>
      started.push({ address, parent: parentPid() });
    const argv = ["node", HOST, "--logtostderr", "-v=9", "127.0.0.1:4000"];
    expect(watchEngineFromHost(argv, start)).toBe(true);
    // Every kind's provider is configured: the later calls start nothing more.
    expect(watchEngineFromHost(argv, start)).toBe(false);
    expect(started).toEqual([{ address: "127.0.0.1:4000", parent: expect.any(Number) }]);
  });
});
