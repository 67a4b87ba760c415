import { describe, expect, it } from "vitest";
import { plainProps, UNKNOWN } from "../../../provider/policy/stack-view";
import { UNKNOWN_STRING, wrap } from "./policy-harness";

describe("plainProps", () => {
  it("drops __provider and turns values unknown during preview into UNKNOWN, keeping the known ones", () => {
    const props = plainProps(
      wrap({
        __provider: "x",
        name: "n",
        strategyIds: ["a", UNKNOWN_STRING],
        nested: { id: UNKNOWN_STRING },
      }),
    );
    expect(props).toEqual({ name: "n", strategyIds: ["a", UNKNOWN], nested: { id: UNKNOWN } });
  });
});
