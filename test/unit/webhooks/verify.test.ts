import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError } from "../../../provider/webhooks/verify";

const SECRET = "whsec_unit";
const NOW = Date.parse("2026-09-10T12:00:00.000Z");
const TIMESTAMP = String(NOW / 1000);
const EVENT = {
  id: "evt-1",
  type: "strategy.matched",
  created_at: "2026-09-10T12:00:00.000Z",
  data: { a: 1 },
};
const BODY = JSON.stringify(EVENT);

/** A delivery signed as the service signs one: HMAC-SHA256 of `timestamp.body`, hex, after `v1=`. */
function signed(body: string | Buffer = BODY, timestamp = TIMESTAMP, secret = SECRET) {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
  return { "X-Svc-Timestamp": timestamp, "X-Svc-Signature": `v1=${mac}` };
}

function rejection(run: () => unknown): { code: string; message: string } | undefined {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return { code: (err as WebhookVerificationError).code, message: (err as Error).message };
  }
  return undefined;
}

describe("verifyWebhook", () => {
  it("returns the event of a delivery signed with the secret, from a string or a Buffer", () => {
    expect(verifyWebhook({ rawBody: BODY, headers: signed(), secret: SECRET, now: NOW })).toEqual(EVENT);
    expect(
      verifyWebhook({ rawBody: Buffer.from(BODY), headers: signed(), secret: SECRET, now: NOW }),
    ).toEqual(EVENT);
  });

  it("reads the headers in any case, and the first of a repeated header", () => {
    const { "X-Svc-Timestamp": timestamp, "X-Svc-Signature": signature } = signed();
    const headers = { "x-svc-timestamp": [timestamp, "0"], "X-SVC-SIGNATURE": signature };
    expect(verifyWebhook({ rawBody: BODY, headers, secret: SECRET, now: NOW }).id).toBe("evt-1");
  });

  it("refuses another secret, and a body changed by one byte", () => {
    expect(
      rejection(() => verifyWebhook({ rawBody: BODY, headers: signed(), secret: "other", now: NOW }))?.code,
    ).toBe("signature-mismatch");
    const changed = BODY.replace('"a":1', '"a":2');
    expect(
      rejection(() => verifyWebhook({ rawBody: changed, headers: signed(), secret: SECRET, now: NOW }))?.code,
    ).toBe("signature-mismatch");
  });

  it("refuses a parsed body, naming how to read the raw one", () => {
    const found = rejection(() =>
      verifyWebhook({ rawBody: EVENT as unknown as string, headers: signed(), secret: SECRET, now: NOW }),
    );
    expect(found).toMatchObject({ code: "not-raw-body", message: expect.stringContaining("express.raw") });
  });

  it("names the missing header", () => {
    const { "X-Svc-Signature": signature } = signed();
    const found = rejection(() =>
      verifyWebhook({ rawBody: BODY, headers: { "X-Svc-Signature": signature }, secret: SECRET, now: NOW }),
    );
    expect(found).toMatchObject({
      code: "missing-header",
      message: expect.stringContaining("X-Svc-Timestamp"),
    });
  });

  it("refuses a signature that is not v1= and 64 lowercase hex characters", () => {
    for (const signature of ["v2=abc", `v1=${"A".repeat(64)}`, `v1=${"a".repeat(63)}`]) {
      const headers = { "X-Svc-Timestamp": TIMESTAMP, "X-Svc-Signature": signature };
      expect(
        rejection(() => verifyWebhook({ rawBody: BODY, headers, secret: SECRET, now: NOW }))?.code,
        signature,
      ).toBe("invalid-signature-format");
    }
  });

  it("refuses a delivery signed longer ago than the tolerance, and a timestamp that is no number", () => {
    const old = String(NOW / 1000 - 301);
    expect(
      rejection(() => verifyWebhook({ rawBody: BODY, headers: signed(BODY, old), secret: SECRET, now: NOW }))
        ?.code,
    ).toBe("stale-timestamp");
    expect(
      verifyWebhook({
        rawBody: BODY,
        headers: signed(BODY, old),
        secret: SECRET,
        now: NOW,
        toleranceSeconds: 400,
      }).id,
    ).toBe("evt-1");
    const found = rejection(() =>
      verifyWebhook({ rawBody: BODY, headers: signed(BODY, "soon"), secret: SECRET, now: NOW }),
    );
    expect(found).toMatchObject({
      code: "stale-timestamp",
      message: expect.stringContaining("not a number of seconds"),
    });
  });

  it("refuses a signed body that is not JSON", () => {
    expect(
      rejection(() =>
        verifyWebhook({ rawBody: "not json", headers: signed("not json"), secret: SECRET, now: NOW }),
      )?.code,
    ).toBe("invalid-json");
  });
});
