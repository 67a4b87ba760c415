import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CommandError } from "../../../../cli/command";
import {
  copyOfMissing,
  fileBackendRoot,
  findCheckpoint,
  isReadableCheckpoint,
  newestReadableCopy,
  restoreCheckpoint,
  type StackLocation,
} from "../../../../cli/recover/file-checkpoint";

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** A checkpoint file's text as the file backend writes it, with a mark to tell copies apart. */
function checkpoint(mark: string, stack = "organization/proj/dev"): string {
  return JSON.stringify({ version: 3, checkpoint: { stack, latest: { manifest: { mark }, resources: [] } } });
}

async function backend(): Promise<StackLocation & { stacks: string }> {
  const root = await mkdtemp(join(tmpdir(), "psa-checkpoint-"));
  roots.push(root);
  const stacks = join(root, ".pulumi", "stacks", "proj");
  await mkdir(stacks, { recursive: true });
  return { root, project: "proj", stack: "dev", stacks };
}

/** Writes a file dated `secondsAgo` before now, so "newest" does not depend on the run's timing. */
async function put(file: string, content: string | Buffer, secondsAgo: number): Promise<void> {
  await mkdir(join(file, ".."), { recursive: true });
  await writeFile(file, content);
  const at = new Date(Date.now() - secondsAgo * 1000);
  await utimes(file, at, at);
}

const markOf = (text: string) => JSON.parse(text).checkpoint.latest.manifest.mark;

describe("newestReadableCopy and restoreCheckpoint", () => {
  it("replaces an empty checkpoint with its .bak and keeps the empty file under a new name", async () => {
    const at = await backend();
    const file = join(at.stacks, "dev.json");
    await put(file, "", 0);
    await put(`${file}.bak`, checkpoint("bak"), 5);
    await put(join(at.root, ".pulumi", "backups", "proj", "dev", "dev.1000.json"), checkpoint("older"), 60);

    expect(await findCheckpoint(at)).toBe(file);
    expect(await isReadableCheckpoint(file, "dev")).toBe(false);
    const restored = await restoreCheckpoint(
      file,
      await newestReadableCopy(at, file),
      new Date("2026-11-27T07:00:00.123Z"),
    );

    expect(restored).toMatchObject({
      checkpoint: file,
      from: `${file}.bak`,
      keptAs: `${file}.unreadable-20261127T070000Z`,
    });
    expect(markOf(await readFile(file, "utf8"))).toBe("bak");
    expect(await readFile(restored.keptAs!, "utf8")).toBe("");
    // The .bak itself is left as it was, and no temporary file is left behind.
    expect(markOf(await readFile(`${file}.bak`, "utf8"))).toBe("bak");
    expect((await readdir(at.stacks)).sort()).toEqual([
      "dev.json",
      "dev.json.bak",
      "dev.json.unreadable-20261127T070000Z",
    ]);
  });

  it("skips a cut-short .bak and a copy of another stack, and takes the newest readable backup", async () => {
    const at = await backend();
    const file = join(at.stacks, "dev.json");
    const full = checkpoint("cut");
    await put(file, full.slice(0, 40), 0);
    await put(`${file}.bak`, full.slice(0, 100), 1);
    const backups = join(at.root, ".pulumi", "backups", "proj", "dev");
    await put(join(backups, "dev.3000.json"), checkpoint("other stack", "organization/proj/prod"), 2);
    await put(join(backups, "dev.2000.json"), checkpoint("newest good"), 30);
    await put(
      join(at.root, ".pulumi", "history", "proj", "dev", "dev-1000.checkpoint.json"),
      checkpoint("history"),
      90,
    );

    const restored = await restoreCheckpoint(file, await newestReadableCopy(at, file));

    expect(restored.from).toBe(join(backups, "dev.2000.json"));
    expect(markOf(await readFile(file, "utf8"))).toBe("newest good");
    expect(await readFile(restored.keptAs!, "utf8")).toBe(full.slice(0, 40));
  });

  it("restores a gzip checkpoint (PULUMI_DIY_BACKEND_GZIP) from its gzip .bak, still compressed", async () => {
    const at = await backend();
    const file = join(at.stacks, "dev.json.gz");
    await put(file, gzipSync(checkpoint("whole")).subarray(0, 12), 0);
    await put(`${file}.bak`, gzipSync(checkpoint("gz bak")), 3);

    expect(await findCheckpoint(at)).toBe(file);
    await restoreCheckpoint(file, await newestReadableCopy(at, file));
    expect(markOf(gunzipSync(await readFile(file)).toString("utf8"))).toBe("gz bak");
  });

  it("finds the checkpoint of the legacy layout, which has no project directory", async () => {
    const at = await backend();
    const legacy = { ...at, project: undefined };
    const file = join(at.root, ".pulumi", "stacks", "dev.json");
    await put(file, "", 0);
    await put(join(at.root, ".pulumi", "backups", "dev", "dev.1000.json"), checkpoint("legacy", "dev"), 10);
    expect(await findCheckpoint(legacy)).toBe(file);
    await restoreCheckpoint(file, await newestReadableCopy(legacy, file));
    expect(markOf(await readFile(file, "utf8"))).toBe("legacy");
  });

  it("with no readable copy changes nothing and says how to restore by hand", async () => {
    const at = await backend();
    const file = join(at.stacks, "dev.json");
    await put(file, "", 0);
    await put(`${file}.bak`, "{", 1);
    const error = await newestReadableCopy(at, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as Error).message).toContain(`the checkpoint ${file} cannot be read`);
    expect((error as Error).message).toContain("pulumi stack import --file");
    expect((await readdir(at.stacks)).sort()).toEqual(["dev.json", "dev.json.bak"]);
    expect(await readFile(file, "utf8")).toBe("");
  });
});

describe("copyOfMissing: a stack whose checkpoint file is gone", () => {
  it("writes the newest readable copy where the checkpoint belongs, keeping nothing (there was nothing)", async () => {
    const at = await backend();
    const file = join(at.stacks, "dev.json");
    await put(`${file}.bak`, checkpoint("bak"), 5);
    await put(join(at.root, ".pulumi", "backups", "proj", "dev", "dev.1000.json"), checkpoint("older"), 60);
    expect(await findCheckpoint(at)).toBeUndefined();

    const found = await copyOfMissing(at);
    expect(found?.checkpoint).toBe(file);
    expect(found?.copy.file).toBe(`${file}.bak`);
    const restored = await restoreCheckpoint(found!.checkpoint, found!.copy);
    expect(restored.keptAs).toBeUndefined();
    expect(markOf(await readFile(file, "utf8"))).toBe("bak");
    expect((await readdir(at.stacks)).sort()).toEqual(["dev.json", "dev.json.bak"]);
  });

  it("takes a backup when the .bak is cut short, and keeps the backup's compression", async () => {
    const at = await backend();
    await put(join(at.stacks, "dev.json.bak"), "{", 1);
    const backup = join(at.root, ".pulumi", "backups", "proj", "dev", "dev.1000.json.gz");
    await put(backup, gzipSync(checkpoint("gz backup")), 60);
    const found = await copyOfMissing(at);
    expect(found).toMatchObject({ checkpoint: join(at.stacks, "dev.json.gz"), copy: { file: backup } });
    await restoreCheckpoint(found!.checkpoint, found!.copy);
    expect(markOf(gunzipSync(await readFile(join(at.stacks, "dev.json.gz"))).toString("utf8"))).toBe(
      "gz backup",
    );
  });

  it("finds nothing when no copy reads", async () => {
    const at = await backend();
    await put(join(at.stacks, "dev.json.bak"), "", 1);
    expect(await copyOfMissing(at)).toBeUndefined();
  });
});

describe("fileBackendRoot", () => {
  it("reads file:// URLs (absolute, relative, ~, with a query) and nothing else", () => {
    expect(fileBackendRoot("file:///var/state?no_tmp_dir=true", "/cwd")).toBe("/var/state");
    expect(fileBackendRoot("file://state", "/cwd")).toBe("/cwd/state");
    expect(fileBackendRoot("file://~", "/cwd")).toBe(homedir());
    expect(fileBackendRoot("file://~/state", "/cwd")).toBe(join(homedir(), "state"));
    expect(fileBackendRoot("s3://bucket/state", "/cwd")).toBeUndefined();
    expect(fileBackendRoot("https://api.pulumi.com", "/cwd")).toBeUndefined();
  });
});
