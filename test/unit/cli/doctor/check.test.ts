import { describe, expect, it } from "vitest";
import { breaks, differs, notObservable, same } from "../../../../cli/doctor/check";

describe("an observation", () => {
  it("follows the emulator's reading, differs from it, or breaks the provider (which also differs)", () => {
    expect(same("ok")).toEqual({ observed: "ok", differs: false, breaks: false });
    expect(differs("other")).toEqual({ observed: "other", differs: true, breaks: false });
    expect(breaks("bad")).toEqual({ observed: "bad", differs: true, breaks: true });
  });

  it("says why a thing could not be observed, and counts as neither", () => {
    expect(notObservable("no 429 met")).toEqual({
      observed: "not observable (no 429 met)",
      differs: false,
      breaks: false,
    });
  });
});
