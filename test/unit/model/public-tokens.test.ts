import { describe, expect, it } from "vitest";
import * as sa from "../../../provider";
import { RESOURCE_KINDS } from "../../../provider/model/kinds";
import { TYPE_TOKENS } from "../../../provider/model/public-tokens";
import { TYPE_TOKENS as KIND_TOKENS } from "../../../provider/model/type-tokens";

describe("the type tokens the package root publishes", () => {
  it("are the kinds' own tokens, one per resource kind, under the plain type", () => {
    expect(TYPE_TOKENS).toBe(KIND_TOKENS);
    expect(sa.TYPE_TOKENS).toBe(KIND_TOKENS);
    expect(Object.keys(TYPE_TOKENS).sort()).toEqual([...RESOURCE_KINDS].sort());
    expect(TYPE_TOKENS.Strategy).toBe("pulumi-nodejs:dynamic/strategy-alerts:Strategy");
  });
});
