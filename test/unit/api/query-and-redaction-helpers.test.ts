import { describe, expect, it } from "vitest";
import { ApiError, apiErrorFor, NotFoundError, ServerError } from "../../../provider/api/errors";
import { fillRoute, serializeQuery } from "../../../provider/api/query";
import { REDACTED, Redactor } from "../../../provider/api/redact";
import { requestKindOf } from "../../../provider/api/retry";

describe("serializeQuery", () => {
  it("sends arrays as one CSV parameter and booleans as true/false", () => {
    expect(
      serializeQuery({ failedGroupIds: ["security", "ai"], matched: false, dealbreakerFailed: true }),
    ).toBe("?failedGroupIds=security,ai&matched=false&dealbreakerFailed=true");
  });

  it("leaves out undefined, null and empty arrays, and returns an empty string for nothing", () => {
    expect(serializeQuery({ a: undefined, b: null, c: [] })).toBe("");
    expect(serializeQuery(undefined)).toBe("");
  });

  it("percent-encodes values but keeps the CSV commas readable", () => {
    expect(serializeQuery({ address: "Ab%", datetime: "2026-04-01T00:00:00Z" })).toBe(
      "?address=Ab%25&datetime=2026-04-01T00%3A00%3A00Z",
    );
  });
});

describe("fillRoute", () => {
  it("fills and encodes every parameter", () => {
    expect(fillRoute("/devs/:address/tags", { address: "a b/c" })).toBe("/devs/a%20b%2Fc/tags");
  });

  it("refuses an empty parameter instead of calling the collection route", () => {
    expect(() => fillRoute("/strategies/:id", { id: "" })).toThrow(/"id" is missing or empty/);
  });
});

describe("Redactor", () => {
  it("replaces the secret in text, in nested values and in object keys", () => {
    const r = new Redactor(["s3cr3t-key"]);
    expect(r.text("x s3cr3t-key y s3cr3t-key")).toBe(`x ${REDACTED} y ${REDACTED}`);
    expect(r.value({ "s3cr3t-key": ["a s3cr3t-key", 1, null, { b: "s3cr3t-key" }] })).toEqual({
      [REDACTED]: [`a ${REDACTED}`, 1, null, { b: REDACTED }],
    });
  });

  it("also replaces the percent-encoded spelling of the secret", () => {
    const r = new Redactor(["k/e y"]);
    expect(r.text("path /k%2Fe%20y/")).toBe(`path /${REDACTED}/`);
  });
});

describe("apiErrorFor", () => {
  it("picks the subclass by status and keeps the service's fields", () => {
    const e = apiErrorFor({
      method: "GET",
      route: "/strategies/:id",
      statusCode: 404,
      body: { statusCode: 404, message: "Strategy not found", error: "Not Found" },
      attempts: 1,
    });
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.name).toBe("NotFoundError");
    expect(e.toJSON()).toMatchObject({
      name: "NotFoundError",
      statusCode: 404,
      error: "Not Found",
      method: "GET",
      route: "/strategies/:id",
      serviceMessage: "Strategy not found",
    });
  });

  it("uses the status text and the raw text when the body is not the error shape", () => {
    const e = apiErrorFor({
      method: "GET",
      route: "/me",
      statusCode: 503,
      body: "upstream down",
      attempts: 4,
    });
    expect(e).toBeInstanceOf(ServerError);
    expect(e.message).toBe(
      "GET /me failed with 503 Service Unavailable after 4 attempts: upstream down. The service failed; try again later.",
    );
  });
});

it("treats PUT /webhook with url: undefined as a toggle, because undefined is not sent", () => {
  expect(requestKindOf("PUT", "/webhook", { enabled: true, url: undefined })).toBe("idempotent");
});
