import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkOutputDirectory,
  checkOutputFile,
  makeDirectory,
  OutputError,
  writeOutputFile,
  writeOutputFiles,
} from "../../../../cli/import/write-output";

describe("where import writes", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "psa-out-"));
    await writeFile(join(dir, "a-file"), "x");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses a directory under /proc with a clear error, and creating one there fails at once", async () => {
    // Node's recursive mkdir never settles there: the check and the level-by-level creation must answer.
    await expect(
      checkOutputDirectory("/proc/strategy-alerts/portfolio", ["index.ts"], false),
    ).rejects.toThrow(
      "cannot write to /proc/strategy-alerts/portfolio: /proc is on the kernel's /proc file system",
    );
    await expect(checkOutputFile("/proc/self/import.json", false)).rejects.toBeInstanceOf(OutputError);
    await expect(makeDirectory("/proc/strategy-alerts/portfolio")).rejects.toThrow(
      /cannot create the directory \/proc\/strategy-alerts: .*ENOENT/,
    );
    await expect(writeOutputFile("/proc/strategy-alerts.json", "{}")).rejects.toBeInstanceOf(OutputError);
  });

  it("refuses a path through a file", async () => {
    await expect(checkOutputDirectory(join(dir, "a-file", "portfolio"), ["index.ts"], false)).rejects.toThrow(
      `${join(dir, "a-file")} is a file, not a directory`,
    );
    await expect(checkOutputDirectory(join(dir, "a-file"), ["index.ts"], false)).rejects.toThrow(
      "is a file, not a directory",
    );
    await expect(checkOutputFile(join(dir, "a-file", "import.json"), false)).rejects.toBeInstanceOf(
      OutputError,
    );
  });

  it("refuses a directory where the document's file should go, and an existing file without --force", async () => {
    await expect(checkOutputFile(dir, true)).rejects.toThrow("it is a directory, not a file");
    await expect(checkOutputFile(join(dir, "a-file"), false)).rejects.toThrow("--force");
    await expect(checkOutputFile(join(dir, "a-file"), true)).resolves.toBe(undefined);
    await expect(checkOutputDirectory(dir, ["a-file", "other"], false)).rejects.toThrow(
      "already holds a-file; pass --force",
    );
  });

  it("creates missing directories level by level and writes there", async () => {
    const target = join(dir, "x", "y", "z");
    await checkOutputDirectory(target, ["index.ts"], false);
    await makeDirectory(target);
    expect((await stat(target)).isDirectory()).toBe(true);
    await writeOutputFile(join(target, "index.ts"), "ok");
    expect(await readFile(join(target, "index.ts"), "utf8")).toBe("ok");
    await makeDirectory(target);
  });
});

describe("writing a project", () => {
  it("writes every file or none", async () => {
    const dir = await mkdtemp(join(tmpdir(), "psa-out-all-"));
    try {
      await writeOutputFiles({ [join(dir, "a.ts")]: "a", [join(dir, "b.ts")]: "b" });
      expect((await readdir(dir)).sort()).toEqual(["a.ts", "b.ts"]);
      // The second file cannot be written (its directory is missing): the first is not left behind.
      await expect(
        writeOutputFiles({ [join(dir, "c.ts")]: "c", [join(dir, "missing", "d.ts")]: "d" }),
      ).rejects.toBeInstanceOf(OutputError);
      expect((await readdir(dir)).sort()).toEqual(["a.ts", "b.ts"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
