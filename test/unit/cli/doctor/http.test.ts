import { describe, expect, it } from "vitest";
import { describeConnectionFailure } from "../../../../cli/doctor/http";

describe("connection failures", () => {
  const origin = "https://alerts.example";
  it.each([
    [{ code: "ECONNREFUSED" }, /^connection refused by https:\/\/alerts\.example/, "refused"],
    [{ cause: { code: "ENOTFOUND" } }, /^DNS lookup failed for https:\/\/alerts\.example/, "dns"],
    [
      { code: "UNABLE_TO_VERIFY_LEAF_SIGNATURE", message: "unable to verify" },
      /^TLS handshake with https:\/\/alerts\.example failed/,
      "tls",
    ],
    [{ cause: { code: "ERR_SSL_WRONG_VERSION_NUMBER" } }, /^TLS handshake/, "tls"],
    [{ code: "UND_ERR_CONNECT_TIMEOUT" }, /did not answer in time/, "timeout"],
  ])("explains %o", (error, message, kind) => {
    const e = describeConnectionFailure(Object.assign(new Error("x"), error), origin);
    expect(e.message).toMatch(message);
    expect(e.kind).toBe(kind);
  });
});
