/** The window file under separate processes of one API key, each its own Node process. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseWindow } from "../../../provider/api/window-store";
import { runProcess, tsNode } from "../../support/process";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "window-store-test-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("FileWindowStore", () => {
  it("loses no send when separate processes update the file at the same time", async () => {
    const script = `
      const { FileWindowStore } = require(${JSON.stringify(path.resolve("provider/api/window-store.ts"))});
      const store = new FileWindowStore("race", { directory: ${JSON.stringify(dir)} });
      for (let i = 0; i < 50; i++) store.update((s) => { s.sent.push(Date.now() + 1e9 + i); });
    `;
    const children = Array.from({ length: 4 }, () =>
      runProcess(process.execPath, tsNode("-e", script), { cwd: process.cwd() }),
    );
    expect((await Promise.all(children)).map((c) => c.code)).toEqual([0, 0, 0, 0]);
    const state = parseWindow(fs.readFileSync(path.join(dir, "race.json"), "utf8"));
    expect(state?.sent).toHaveLength(200);
  });
});
