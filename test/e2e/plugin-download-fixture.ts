import { createReadStream, existsSync, statSync } from "node:fs";
import { mkdtemp, readFile, realpath, symlink } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PulumiProject, REPO_ROOT } from "./harness";
import { builtReleaseTarball } from "./yaml-portfolio-fixture";

/**
 * The engine installs the provider by itself, as on a user's machine: a fresh PULUMI_HOME,
 * automatic plugin acquisition on, no `pulumi plugin install`, and the package's download URL
 * (its schema's pluginDownloadURL, a GitHub release) pointed by PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES
 * at a loopback server holding the release tarball, as a GitHub release holds it.
 */

const TARBALL = /^\/(pulumi-resource-strategy-alerts-v[^/]+\.tar\.gz)$/;

export interface ReleaseServer {
  server: Server;
  /** The server's base URL, what the override maps the download URL to. */
  url: string;
  /** Every request, as `METHOD /path`. */
  asked: string[];
  /** The package's download URL, as its schema names it. */
  downloadUrl: string;
  close(): Promise<void>;
}

/** The directory of the release tarball built for this machine, served over loopback. */
export async function releaseServer(): Promise<ReleaseServer> {
  const dir = dirname(builtReleaseTarball());
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const file = TARBALL.exec(req.url ?? "")?.[1];
    if (!file || !existsSync(join(dir, file))) {
      res.writeHead(404).end();
      return;
    }
    // The engine checks the length it copied against the one announced.
    res.writeHead(200, {
      "content-type": "application/gzip",
      "content-length": statSync(join(dir, file)).size,
    });
    createReadStream(join(dir, file)).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const schema = JSON.parse(await readFile(join(REPO_ROOT, "provider/plugin/schema.json"), "utf8")) as {
    pluginDownloadURL: string;
  };
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    asked,
    downloadUrl: schema.pluginDownloadURL,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A stack of the project in `dir` whose engine downloads the plugin from `release`: the
 * documented override names the package's download URL, and automatic acquisition is on.
 */
export async function downloadingStack(
  release: ReleaseServer,
  dir: string,
  config: Record<string, { value: string; secret?: boolean }>,
  env: Record<string, string>,
): Promise<PulumiProject> {
  const escaped = release.downloadUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const p = await PulumiProject.open(dir, {
    config,
    env: { ...env, PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${escaped}$=${release.url}` },
  });
  delete p.env.PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION;
  return p;
}

/**
 * A directory holding a link to `pulumi` alone: the PATH of a machine without Node.js. The CLI
 * finds its language hosts beside its own executable, as in Pulumi's install.
 */
export async function pathWithPulumiOnly(pulumiBinDir: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "psa-pulumi-path-"));
  await symlink(await realpath(join(pulumiBinDir, "pulumi")), join(dir, "pulumi"));
  return dir;
}
