/**
 * Headless Chromium for the browser tests: Debian's `chromium` (scripts/ensure-chromium.sh
 * installs it when missing), driven by playwright-core, which downloads no browser. Every
 * launch has a fresh profile directory and nothing that phones home (updates, sync, QUIC).
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

const ROOT = resolve(__dirname, "../..");

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The browser's path, from the toolchain script (which installs it when it can). */
export function chromiumPath(): string {
  const res = spawnSync("bash", ["scripts/ensure-chromium.sh"], { cwd: ROOT, encoding: "utf8" });
  const path = res.stdout.trim().split("\n").pop();
  if (res.status !== 0 || !path) throw new Error(`could not provide Chromium:\n${res.stderr}`);
  return path;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(executablePath = chromiumPath()): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), "psa-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: FLAGS,
    viewport: { width: 1100, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
