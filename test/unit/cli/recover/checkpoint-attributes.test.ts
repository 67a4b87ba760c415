import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  attributesFile,
  hasUnreadableAttributes,
  setAsideAttributes,
} from "../../../../cli/recover/checkpoint-attributes";

let dir: string;
let checkpoint: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "attrs-"));
  checkpoint = join(dir, "dev.json");
  await writeFile(checkpoint, "{}");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("a checkpoint's attributes file", () => {
  it("lies beside the checkpoint", () => {
    expect(attributesFile("/b/.pulumi/stacks/p/dev.json")).toBe("/b/.pulumi/stacks/p/dev.json.attrs");
  });

  it("is unreadable when empty, cut short or not an object, and readable when missing or whole", async () => {
    expect(await hasUnreadableAttributes(checkpoint)).toBe(false);
    for (const [text, unreadable] of [
      ["", true],
      ['{"user.content_type":"appl', true],
      ["[]", true],
      ["null", true],
      ['{"user.content_type":"application/json"}', false],
    ] as const) {
      await writeFile(attributesFile(checkpoint), text);
      expect(await hasUnreadableAttributes(checkpoint), text).toBe(unreadable);
    }
  });

  it("is set aside under a dated name, kept with its content, in one rename", async () => {
    await writeFile(attributesFile(checkpoint), '{"cut');
    const keptAs = await setAsideAttributes(checkpoint, new Date("2026-03-04T05:06:07.890Z"));
    expect(keptAs).toBe(`${attributesFile(checkpoint)}.unreadable-20260304T050607Z`);
    expect(await readFile(keptAs, "utf8")).toBe('{"cut');
    expect((await readdir(dir)).sort()).toEqual(["dev.json", "dev.json.attrs.unreadable-20260304T050607Z"]);
    expect(await hasUnreadableAttributes(checkpoint)).toBe(false);
  });
});
