import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { open, SECRET_SIGNATURE, SIGNATURE_KEY, seal, secret } from "../../../provider/plugin/wire";

describe("the provider protocol's property bags", () => {
  it("open secrets wherever they sit and name the top-level keys that held one", () => {
    const struct = structproto.Struct.fromJavaScript({
      apiKey: secret("sa_live_x") as structproto.JavaScriptValue,
      rules: [{ rule: "is_honeypot", min: secret(3) as structproto.JavaScriptValue }],
      name: "plain",
      url: UNKNOWN,
    });
    const { bag, secretKeys } = open(struct);
    expect(bag).toEqual({
      apiKey: "sa_live_x",
      rules: [{ rule: "is_honeypot", min: 3 }],
      name: "plain",
      url: UNKNOWN,
    });
    expect([...secretKeys].sort()).toEqual(["apiKey", "rules"]);
    expect(open(undefined)).toEqual({ bag: {}, secretKeys: new Set() });
  });

  it("seal a bag with the named keys as secrets and undefined values dropped (null inside a list)", () => {
    const struct = seal(
      { secret: "whsec_1", name: "n", gone: undefined, list: [1, undefined], obj: { a: undefined, b: 2 } },
      ["secret"],
    );
    expect(struct.toJavaScript()).toEqual({
      secret: { [SIGNATURE_KEY]: SECRET_SIGNATURE, value: "whsec_1" },
      name: "n",
      list: [1, null],
      obj: { b: 2 },
    });
    expect(open(struct)).toEqual({
      bag: { secret: "whsec_1", name: "n", list: [1, null], obj: { b: 2 } },
      secretKeys: new Set(["secret"]),
    });
  });
});
