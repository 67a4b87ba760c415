import { describe, expect, it } from "vitest";
import { ApiError, apiErrorFor, NotFoundError, ServerError } from "../../../provider/api/errors";

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
