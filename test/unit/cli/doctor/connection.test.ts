import { describe, expect, it } from "vitest";
import {
  authenticationCheck,
  DoctorStop,
  firstAnswer,
  isErrorBody,
  missingKeyCheck,
  reachabilityCheck,
} from "../../../../cli/doctor/connection";
import { answer, doctorContext } from "./doctor-context";

describe("firstAnswer", () => {
  it("asks GET /me once and measures the clock skew on it, rounding and latency aside", async () => {
    const ahead = answer(200, {}, { date: new Date(1_100 + 5_000).toUTCString() });
    const { ctx, sent } = doctorContext({ "GET /me": ahead });
    expect(await firstAnswer(ctx)).toBe(ahead);
    expect(await firstAnswer(ctx)).toBe(ahead);
    expect(sent).toHaveLength(1);
    expect(ctx.dateSkewMs).toBe(new Date(6_100).setMilliseconds(0) - 1_100);
    const close = doctorContext({ "GET /me": answer(200, {}, { date: new Date(1_100).toUTCString() }) });
    await firstAnswer(close.ctx);
    expect(close.ctx.skewMs).toBe(0);
  });
});

describe("the connection checks", () => {
  it("stop the run on a refused key or a 404 that is not the API's", async () => {
    const refused = doctorContext({
      "GET /me": answer(401, { statusCode: 401, message: "bad key", error: "x" }),
    });
    await expect(authenticationCheck.observe(refused.ctx)).rejects.toThrow(DoctorStop);
    const elsewhere = doctorContext({ "GET /me": answer(404, undefined) });
    await expect(reachabilityCheck.observe(elsewhere.ctx)).rejects.toThrow(/is the base path right\?/);
    const ok = doctorContext({ "GET /me": answer(200, {}) });
    expect(await reachabilityCheck.observe(ok.ctx)).toMatchObject({
      observed: "answers (HTTP 200, TLS certificate trusted)",
    });
    expect(await authenticationCheck.observe(ok.ctx)).toMatchObject({ differs: false });
  });

  it("expect a 401 without a key whose message names both headers", async () => {
    const body = {
      statusCode: 401,
      message: "Send X-API-Key or Authorization: ApiKey",
      error: "Unauthorized",
    };
    expect(await missingKeyCheck.observe(doctorContext({ "GET /me": answer(401, body) }).ctx)).toMatchObject({
      differs: false,
    });
    const terse = { ...body, message: "Unauthorized" };
    expect(await missingKeyCheck.observe(doctorContext({ "GET /me": answer(401, terse) }).ctx)).toMatchObject(
      {
        observed: "401, {statusCode, message, error}, message does not name both headers",
        differs: true,
      },
    );
  });
});

describe("isErrorBody", () => {
  it("is the API's error layout: a numeric status, an error name, a message or a list of them", () => {
    expect(isErrorBody({ statusCode: 400, message: ["rules too long"], error: "Bad Request" })).toBe(true);
    expect(isErrorBody({ statusCode: 404, message: "gone", error: "Not Found" })).toBe(true);
    expect(isErrorBody({ statusCode: "404", message: "gone", error: "Not Found" })).toBe(false);
    expect(isErrorBody({ message: "gone" })).toBe(false);
    expect(isErrorBody(undefined)).toBe(false);
  });
});
