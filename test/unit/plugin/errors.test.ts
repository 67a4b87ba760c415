import { describe, expect, it } from "vitest";
import { StrategyAlertsError } from "../../../provider/model/errors";
import { PackageDefectError, WireDecodingError } from "../../../provider/plugin/errors";

describe("the plugin's errors", () => {
  it("say where a message from the engine is malformed", () => {
    const error = new WireDecodingError("a varint longer than 10 bytes", 17);
    expect(error).toBeInstanceOf(StrategyAlertsError);
    expect(error.message).toBe(
      "malformed protobuf message from the engine: a varint longer than 10 bytes at byte 17",
    );
  });

  it("keep a packaging defect's message as given", () => {
    const error = new PackageDefectError("schema.json is missing");
    expect(error).toBeInstanceOf(StrategyAlertsError);
    expect(error.message).toBe("schema.json is missing");
  });
});
