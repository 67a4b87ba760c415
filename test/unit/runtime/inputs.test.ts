import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { unknownPaths, withoutProvider } from "../../../provider/runtime/inputs";

describe("property bags", () => {
  it("find every unknown preview value by path and drop the serialized provider", () => {
    const bag = {
      __provider: "code",
      name: "n",
      triggerConfigs: { x: { developerAddress: UNKNOWN } },
      rules: [{ min: UNKNOWN }],
    };
    expect(unknownPaths(withoutProvider(bag))).toEqual(["triggerConfigs.x.developerAddress", "rules[0].min"]);
    expect(withoutProvider(bag)).not.toHaveProperty("__provider");
  });
});
