/**
 * Headless Chromium for the browser tests: Debian's `chromium` (scripts/ensure-chromium.sh
 * installs it when missing; the e2e global setup provides its path), driven by playwright-core,
 * which downloads no browser. Every launch has a fresh profile directory and nothing that
 * phones home (updates, sync, QUIC).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

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

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(executablePath: string): Promise<Browser> {
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

/** The browser the global setup provided (`inject("chromium")`), or its reason as an error. */
export function providedBrowser(provided: { path: string } | { missing: string }): string {
  if ("missing" in provided) throw new Error(provided.missing);
  return provided.path;
}
