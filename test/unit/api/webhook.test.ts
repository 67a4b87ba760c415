import { describe, expect, it } from "vitest";
import { WebhookApi } from "../../../provider/api/webhook";
import { recordingTransport } from "./recording-transport";

const URL_A = "https://hooks.example/a";

describe("WebhookApi.waitUntilVerified", () => {
  it("reads again after a doubling pause, capped, until the url is verified", async () => {
    const { transport, sent } = recordingTransport(
      { url: URL_A, verifiedAt: null },
      { url: URL_A, verifiedAt: null },
      { url: URL_A, verifiedAt: "2026-01-01T00:00:00.000Z" },
    );
    const pauses: number[] = [];
    const outcome = await new WebhookApi(transport).waitUntilVerified(URL_A, {
      firstDelayMs: 1_000,
      maxDelayMs: 3_000,
      sleep: async (ms) => {
        pauses.push(ms);
      },
    });
    expect(pauses).toEqual([1_000, 2_000, 3_000]);
    expect(outcome).toMatchObject({ verified: true, reads: 3, waitedMs: 6_000 });
    expect(sent()).toEqual(Array(3).fill({ method: "GET", route: "/webhook" }));
  });

  it("gives up at the timeout, and at once when the url has changed", async () => {
    const slow = recordingTransport({ url: URL_A, verifiedAt: null }, { url: URL_A, verifiedAt: null });
    const timedOut = await new WebhookApi(slow.transport).waitUntilVerified(URL_A, {
      timeoutMs: 1_500,
      sleep: async () => {},
    });
    expect(timedOut).toMatchObject({ verified: false, urlChanged: false, reads: 2, waitedMs: 1_500 });
    const moved = recordingTransport({ url: "https://hooks.example/b", verifiedAt: null });
    expect(
      await new WebhookApi(moved.transport).waitUntilVerified(URL_A, { sleep: async () => {} }),
    ).toMatchObject({
      verified: false,
      urlChanged: true,
      reads: 1,
    });
  });
});
