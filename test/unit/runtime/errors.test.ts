import { describe, expect, it } from "vitest";
import { UnauthorizedError } from "../../../provider/api/errors";
import { ResourceOperationError } from "../../../provider/runtime/errors";

describe("ResourceOperationError", () => {
  it("explain a rejected key after rotation without printing it", () => {
    const cause = new UnauthorizedError({
      method: "GET",
      route: "/strategies",
      statusCode: 401,
      serviceMessage: "API key required",
      error: "Unauthorized",
      body: {},
      attempts: 1,
    });
    const err = new ResourceOperationError('Strategy "x"', "refresh", cause);
    expect(err.message).toContain('Strategy "x": refresh failed: GET /strategies failed with 401');
    expect(err.message).toContain("set STRATEGY_ALERTS_API_KEY to the new key");
  });
});
