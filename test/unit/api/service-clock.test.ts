import { describe, expect, it } from "vitest";
import {
  clockOffset,
  DATE_RESOLUTION_MS,
  parseHttpDate,
  serviceTimeAt,
} from "../../../provider/api/service-clock";

describe("parseHttpDate", () => {
  it("reads RFC 7231's IMF-fixdate as UTC", () => {
    expect(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")).toBe(Date.parse("1994-11-06T08:49:37Z"));
    expect(parseHttpDate(" Tue, 03 Feb 2026 04:05:06 GMT ")).toBe(Date.parse("2026-02-03T04:05:06Z"));
  });

  it("gives no time for an absent, repeated or other-form header, rather than a guess", () => {
    for (const value of [
      undefined,
      ["Sun, 06 Nov 1994 08:49:37 GMT"],
      "",
      "Sunday, 06-Nov-94 08:49:37 GMT",
      "Sun Nov  6 08:49:37 1994",
      "2026-02-03T04:05:06Z",
      "Sun, 06 Nov 1994 08:49:37 +0100",
      "Sun, 31 Feb 1994 08:49:37 GMT",
      "Sun, 06 Nov 1994 24:49:37 GMT",
      "Sun, 06 Foo 1994 08:49:37 GMT",
    ])
      expect(parseHttpDate(value)).toBeUndefined();
  });
});

describe("calibrating the service's clock from one answer", () => {
  // Sent at 10:00:00.000 local, answered at 10:00:00.400 local, Date 10:02:07 (ahead by ~2 min).
  const sample = {
    dateMs: Date.parse("2026-04-01T10:02:07Z"),
    sentAtMs: Date.parse("2026-04-01T10:00:00.000Z"),
    receivedAtMs: Date.parse("2026-04-01T10:00:00.400Z"),
  };

  it("bounds the offset by the header's second and the round trip", () => {
    const { minMs, maxMs } = clockOffset(sample);
    expect(minMs).toBe(127_000 - 400);
    expect(maxMs).toBe(127_000 + DATE_RESOLUTION_MS);
    expect(maxMs - minMs).toBe(DATE_RESOLUTION_MS + 400);
  });

  it("places a local time on the service's clock with that uncertainty", () => {
    expect(serviceTimeAt(sample, sample.sentAtMs)).toEqual({
      earliestMs: Date.parse("2026-04-01T10:02:06.600Z"),
      uncertaintyMs: 1400,
    });
    // Every instant the service may have written the answer lies in the band of its receipt.
    const atReceipt = serviceTimeAt(sample, sample.receivedAtMs);
    expect(atReceipt.earliestMs).toBe(sample.dateMs);
    expect(atReceipt.earliestMs + atReceipt.uncertaintyMs).toBeGreaterThanOrEqual(
      sample.dateMs + DATE_RESOLUTION_MS - 1,
    );
  });
});
