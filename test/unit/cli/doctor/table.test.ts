import { describe, expect, it } from "vitest";
import { renderTable, wrap } from "../../../../cli/doctor/table";

describe("terminal output", () => {
  it("wraps words to a width and cuts words longer than it", () => {
    expect(wrap("the quick brown fox", 9)).toEqual(["the quick", "brown fox"]);
    expect(wrap("abcdefghijkl", 5)).toEqual(["abcde", "fghij", "kl"]);
    expect(wrap("", 5)).toEqual([""]);
  });

  it("aligns the columns, marks what differs or breaks, and ends with the summary", () => {
    const row = (item: string, differs: boolean, breaks: boolean) => ({
      item,
      spec: "s",
      emulatorReading: "e",
      observed: "o",
      differs,
      breaks,
    });
    const text = renderTable({
      rows: [row("a", false, false), row("b", true, false), row("c", true, true)],
      checks: 3,
      differ: 2,
      broken: 1,
    });
    const lines = text.trimEnd().split("\n");
    expect(lines[0]!.indexOf("| the spec says")).toBe(lines[2]!.indexOf("| s"));
    expect(lines[3]).toMatch(/\| \[differs\] o$/);
    expect(lines[4]).toMatch(/\| \[BREAKS\] o$/);
    expect(lines.at(-1)).toBe(
      "doctor: 3 checks, 2 differ from the emulator's reading, 1 would break the provider",
    );
  });
});
