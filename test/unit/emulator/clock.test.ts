import { describe, expect, it } from "vitest";
import { Clock } from "../../../emulator/clock";

describe("the emulator's business clock as an HTTP Date", () => {
  it("is RFC 7231's IMF-fixdate of the moved clock, the second cut down", () => {
    const clock = new Clock(0, () => Date.parse("2026-01-01T00:00:00.000Z"));
    clock.set(new Date("2031-12-07T23:59:59.999Z"));
    expect(clock.httpDate()).toBe("Sun, 07 Dec 2031 23:59:59 GMT");
    clock.advance(1);
    expect(clock.httpDate()).toBe("Mon, 08 Dec 2031 00:00:59 GMT");
  });
});
