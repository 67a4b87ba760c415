/**
 * One release build at a time per checkout: the e2e global setup of two test runs, or a run and
 * `npm run plugin:release`, would otherwise write the same blobs, executables and tarballs at once.
 * The lock is a directory; one older than the longest build is taken to be a killed build's.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";

const STALE_MS = 15 * 60_000;
const POLL_MS = 500;

export async function withBuildLock<T>(lock: string, build: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > STALE_MS) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
  try {
    return await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
