/**
 * The engine watch (engine-watch.ts) in the TypeScript door: Pulumi's dynamic-provider host is a
 * process of the Pulumi SDK, not ours, and it never checks on its engine, so a `pulumi up` killed
 * with SIGKILL left it serving on loopback with the stack's decrypted config. The runtime starts
 * the watch there, on the first `configure` (index.ts), and only there: a program, a test or a
 * script that loads the runtime is no provider and must never exit because its parent did.
 *
 * The engine starts the host through the SDK's launcher `pulumi-resource-pulumi-nodejs`, a shell
 * script that runs `node …/cmd/dynamic-provider <engine address>` as its child without `exec`.
 * The host's parent is that shell, which outlives a killed engine (it waits for the host), so
 * `process.ppid` never changes: the watched parent is the shell's parent, read from /proc on
 * Linux. Elsewhere the health check of the engine's address alone ends the host.
 */
import { readFileSync } from "node:fs";
import { engineAddressOf, exitWithEngine } from "./engine-watch";

/** The SDK's entry of the host: `@pulumi/pulumi/cmd/dynamic-provider` (its index.js). */
const HOST_ENTRY = /[\\/]cmd[\\/]dynamic-provider(?:[\\/]index(?:\.js)?)?$/;

/** The SDK's launcher of the host, which the engine runs as the plugin `pulumi-nodejs`. */
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
 * The parent probe of the watch: the parent's id, or, while the parent is the SDK's launcher
 * shell, the shell's parent (the engine). A killed engine's shell is re-parented, so its parent
 * changes; a shell gone re-parents the host itself. Both change what this returns.
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
    // The shell read as gone has exited (or is exiting): its id stands for its parent then.
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
