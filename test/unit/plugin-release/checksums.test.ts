import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeChecksums } from "../../../scripts/plugin-release/checksums";

describe("writeChecksums", () => {
  let dir: string | undefined;
  afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it("lists every tarball of the version, sorted, in sha256sum's format", async () => {
    dir = await mkdtemp(join(tmpdir(), "psa-checksums-"));
    const files = {
      "strategy-alerts-v1.2.0-linux-amd64.tar.gz": "tools",
      "pulumi-resource-strategy-alerts-v1.2.0-linux-amd64.tar.gz": "plugin",
      "pulumi-resource-strategy-alerts-v1.1.0-linux-amd64.tar.gz": "an older version",
      "pulumi-resource-strategy-alerts-v1.2.0-linux-amd64.tar.gz.inputs": "a stamp",
    };
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
    const file = writeChecksums(dir, "1.2.0");
    expect(file).toBe(join(dir, "strategy-alerts-v1.2.0-checksums.txt"));
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    expect(await readFile(file, "utf8")).toBe(
      `${sha("plugin")}  pulumi-resource-strategy-alerts-v1.2.0-linux-amd64.tar.gz\n` +
        `${sha("tools")}  strategy-alerts-v1.2.0-linux-amd64.tar.gz\n`,
    );
  });
});
