/**
 * `release/strategy-alerts-v<version>-checksums.txt`: the SHA-256 of every tarball of the version
 * in release/, in `sha256sum` format, so that a download is checked with
 * `sha256sum --check --ignore-missing strategy-alerts-v<version>-checksums.txt`.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function checksumsName(version: string): string {
  return `strategy-alerts-v${version}-checksums.txt`;
}

/** Writes the file and returns its path. */
export function writeChecksums(dir: string, version: string): string {
  const tarballs = readdirSync(dir)
    .filter((f) => f.endsWith(".tar.gz") && f.includes(`-v${version}-`))
    .sort();
  const lines = tarballs.map(
    (f) =>
      `${createHash("sha256")
        .update(readFileSync(join(dir, f)))
        .digest("hex")}  ${f}\n`,
  );
  const file = join(dir, checksumsName(version));
  writeFileSync(file, lines.join(""));
  return file;
}
