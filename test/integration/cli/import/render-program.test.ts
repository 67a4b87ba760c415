/** The generated program as the user's tools see it: Biome and tsc, run as processes. */
import { describe, expect, it } from "vitest";
import { awkwardProgram } from "../../../support/awkward-account";
import { biomeFormat, typeCheckFiles } from "../../../support/generated-program";

describe("the generated program", () => {
  const { source } = awkwardProgram();

  it("is formatted for any names, quotes and lengths", async () => {
    expect((await biomeFormat(source)).stdout).toBe(source);
  });

  it("type-checks", async () => {
    const res = await typeCheckFiles({ "index.ts": source });
    expect(res.stdout + res.stderr).toBe("");
  }, 60_000);
});
