import { mkdir, readdir, symlink } from "node:fs/promises";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "../..");

/**
 * The program needs this package and its dependencies. Linking each of the repository's
 * node_modules entries (plus the package itself) keeps one copy of @pulumi/pulumi, as Node
 * resolves symlinks to their real path. `root`: another checkout of the package (the bench's
 * baseline build).
 */
export async function linkNodeModules(dir: string, root: string = ROOT): Promise<void> {
  const target = join(dir, "node_modules");
  await mkdir(target);
  const source = join(root, "node_modules");
  for (const entry of await readdir(source)) {
    // The package links itself into node_modules (for the policy pack in examples/): linked below.
    if (entry === ".bin" || entry === ".package-lock.json" || entry === "pulumi-strategy-alerts") continue;
    await symlink(join(source, entry), join(target, entry));
  }
  await symlink(root, join(target, "pulumi-strategy-alerts"));
}
