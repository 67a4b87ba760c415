import { describe, expect, it } from "vitest";
import {
  AmbiguousWriteError,
  ApiError,
  apiErrorFor,
  ConnectionError,
  NotFoundError,
  RequestError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  WriteStoppedError,
} from "../../../provider/api/errors";

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

describe("the errors of a request", () => {
  const target = { method: "PATCH", route: "/strategies/:id" };
  const cases = [
    ["ApiError", apiErrorFor({ ...target, statusCode: 409, body: {}, attempts: 1 })],
    [
      "ConnectionError",
      new ConnectionError({ ...target, detail: "refused", requestSent: false, attempts: 1 }),
    ],
    ["TimeoutError", new TimeoutError({ ...target, timeoutMs: 50, attempts: 2 })],
    [
      "AmbiguousWriteError",
      new AmbiguousWriteError(
        {
          ...target,
          requestSentAt: "2026-01-01T00:00:00.000Z",
          readBack: "list the strategies.",
          reason: "a 502",
        },
        new TimeoutError({ ...target, timeoutMs: 50, attempts: 1 }),
      ),
    ],
    ["WriteStoppedError", new WriteStoppedError(target)],
    [
      "ResponseValidationError",
      new ResponseValidationError({ ...target, statusCode: 200, issues: [], body: {} }),
    ],
  ] as const;

  it.each(cases)("%s says where the request went, through the one base", (name, err) => {
    expect(err).toBeInstanceOf(RequestError);
    expect(err.name).toBe(name === "ApiError" ? "ConflictError" : name);
    expect([err.method, err.route]).toEqual(["PATCH", "/strategies/:id"]);
    expect(err.message.startsWith("PATCH /strategies/:id")).toBe(true);
    expect(err.toJSON()).toMatchObject(target);
  });

  it("keeps the cause of an ambiguous write", () => {
    const err = cases[3][1];
    expect(err.cause).toBeInstanceOf(TimeoutError);
  });
});
