/**
 * The engine watch (engine-watch.ts) in the TypeScript door: Pulumi's dynamic-provider host is a
 * process of the Pulumi SDK, not ours, and it never checks on its engine, so a `pulumi up` killed
 * with SIGKILL left it serving on loopback with the stack's decrypted config. The runtime starts
 * the watch there, on the first `configure` (index.ts), and only there: a program, a test or a
 * script that loads the runtime is no provider and must never exit because its parent did.
 *
 * The engine starts the host through a launcher named `pulumi-resource-pulumi-nodejs`: the SDK's,
 * a shell script that runs `node …/cmd/dynamic-provider <engine address>` as its child without
 * `exec`, or, with this repository's toolchain (scripts/ensure-pulumi.sh), a Go launcher of ours
 * that runs the host the same way. The host's parent is that launcher, which outlives a killed
 * engine (it waits for the host), so `process.ppid` never changes: the watched parent is the
 * launcher's parent, read from /proc on Linux. Elsewhere the health check of the engine's address
 * alone ends the host.
 *
 * This watch starts with the first `configure`, so it cannot cover a host killed before: the host
 * already holds the stack's config once the engine has configured it, before any resource reaches
 * it. Our launcher (scripts/pulumi-toolchain/cmd/pulumi-resource-pulumi-nodejs) watches the engine
 * from the first instant and kills the host, configured or not; under the SDK's launcher (a
 * Pulumi CLI installed by the user) that early window is only as safe as upstream Pulumi makes it,
 * and this watch is what the runtime can do there.
 */
import { readFileSync } from "node:fs";
import { engineAddressOf, exitWithEngine } from "./engine-watch";

/** The SDK's entry of the host: `@pulumi/pulumi/cmd/dynamic-provider` (its index.js). */
const HOST_ENTRY = /[\\/]cmd[\\/]dynamic-provider(?:[\\/]index(?:\.js)?)?$/;

/** The launcher of the host (the SDK's or the toolchain's), run by the engine as the plugin `pulumi-nodejs`. */
const LAUNCHER = "pulumi-resource-pulumi-nodejs";

/** Whether the process is Pulumi's dynamic-provider host, by its entry script (`argv[1]`). */
export function isDynamicProviderHost(argv: readonly string[] = process.argv): boolean {
  const entry = argv[1];
  return entry !== undefined && HOST_ENTRY.test(entry);
}

/** A process as the watch needs it: its parent and its command line. */
export interface ProcessInfo {
  ppid: number;
  cmdline: string;
}

/** A process of the table under /proc (Linux); undefined when it is gone or there is no /proc. */
export function procInfo(pid: number): ProcessInfo | undefined {
  try {
    // The command name may hold spaces and parentheses: the fields after its last ")" are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    return Number.isInteger(ppid) ? { ppid, cmdline } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The parent probe of the watch: the parent's id, or, while the parent is a launcher, the
 * launcher's parent (the engine). A killed engine's launcher is re-parented, so its parent
 * changes; a launcher gone re-parents the host itself. Both change what this returns.
 */
export function engineParentProbe(
  ppid: () => number = () => process.ppid,
  info: (pid: number) => ProcessInfo | undefined = procInfo,
): () => number {
  const launcher = ppid();
  if (!info(launcher)?.cmdline.includes(LAUNCHER)) return ppid;
  return () => {
    const parent = ppid();
    if (parent !== launcher) return parent;
    // The launcher read as gone has exited (or is exiting): its id stands for its parent then.
    return info(launcher)?.ppid ?? launcher;
  };
}

let watching = false;

/**
 * Starts the watch once per process, in the dynamic-provider host only; returns whether this call
 * started it. The engine's address is the host's first argument, as the plugin's is.
 */
export function watchEngineFromHost(
  argv: readonly string[] = process.argv,
  start: (address: string | undefined, parentPid: () => number) => void = exitWithEngine,
): boolean {
  if (watching || !isDynamicProviderHost(argv)) return false;
  watching = true;
  start(engineAddressOf(argv.slice(2)), engineParentProbe());
  return true;
}
