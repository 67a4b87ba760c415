import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import type * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { version } from "../../package.json";
import { releaseExecutable } from "../../scripts/plugin-release";
import { FakeEngine } from "../integration/plugin/fake-engine";
import { startProcess } from "../support/process";
import { builtReleaseTarball } from "./yaml-portfolio-fixture";

/**
 * One plugin process serves on one port: it prints one port line and listens on one socket, in
 * every build the engine may start (the package's script plugin, the release bundle run by Node.js,
 * the release binary). A bundle is the main module of its process, so a start guarded by
 * `require.main === module` holds there as well as in its entry; the plugin once started twice.
 */

const REPO_ROOT = join(__dirname, "..", "..");

/** The inodes of the sockets in LISTEN state among the process's open files (Linux's /proc). */
function listeningSockets(pid: number): string[] {
  const open = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue; // closed meanwhile
    }
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) open.add(inode);
  }
  const listening: string[] = [];
  for (const table of ["tcp", "tcp6"]) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, "utf8");
    } catch {
      continue; // no IPv6 here
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // st is the fourth column, the inode the tenth; 0A is TCP_LISTEN.
      const [state, inode] = [cols[3], cols[9]];
      if (state === "0A" && inode && open.has(inode)) listening.push(`${table}:${cols[1]}`);
    }
  }
  return listening;
}

function pluginInfo(port: number): Promise<string> {
  const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return new Promise<string>((resolve, reject) =>
    client.getPluginInfo(new emptyproto.Empty(), (err, res: pluginproto.PluginInfo) => {
      client.close();
      if (err) reject(err);
      else resolve(res.getVersion());
    }),
  ).finally(() => client.close());
}

/**
 * The builds, each with whether it needs the release tarball of the e2e global setup (built for
 * Linux x64, the platform CI runs on; elsewhere such a build fails, never skips).
 */
const BUILDS: { name: string; release: boolean; command: () => [string, string[]] }[] = [
  {
    name: "the package's script plugin",
    release: false,
    command: () => [join(REPO_ROOT, "pulumi-resource-strategy-alerts"), []],
  },
  {
    name: "the release bundle run by Node.js",
    release: true,
    command: () => [process.execPath, [join(REPO_ROOT, "release/build/plugin.js")]],
  },
  {
    name: "the release binary",
    release: true,
    command: () => [releaseExecutable(), []],
  },
];

describe("one server per plugin process", () => {
  let engine: FakeEngine;
  beforeAll(async () => {
    engine = await FakeEngine.start();
  });
  afterAll(() => engine?.stop());

  for (const build of BUILDS) {
    it(`${build.name} prints one port and listens on one socket`, async () => {
      if (build.release) builtReleaseTarball();
      const [cmd, args] = build.command();
      const plugin = await startProcess(cmd, [...args, engine.address], {
        cwd: REPO_ROOT,
        ready: /^(\d+)\n/,
        timeoutMs: 60_000,
      });
      try {
        const port = Number(plugin.ready[1]);
        // Answered once the provider's modules have loaded: any second start would have printed
        // and listened by now (a start listens and prints before it loads anything).
        expect(await pluginInfo(port)).toBe(version);
        await new Promise((r) => setTimeout(r, 300));
        const pid = plugin.child.pid as number;
        const sockets = listeningSockets(pid);
        expect(sockets, plugin.output()).toHaveLength(1);
        expect(sockets[0]).toContain(`:${port.toString(16).toUpperCase().padStart(4, "0")}`);
        const portLines = plugin
          .output()
          .split("\n")
          .filter((line) => /^\d+$/.test(line));
        expect(portLines).toEqual([String(port)]);
      } finally {
        await plugin.stop("SIGTERM");
      }
    });
  }
});
