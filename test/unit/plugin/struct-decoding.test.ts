import fc from "fast-check";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { describe, expect, it } from "vitest";
import { WireDecodingError } from "../../../provider/plugin/errors";
import { decodeStruct } from "../../../provider/plugin/struct-decoding";

type Json = structproto.JavaScriptValue;

const bytesOf = (value: Record<string, Json>) =>
  Buffer.from(structproto.Struct.fromJavaScript(value).serializeBinary());
const googleDecode = (bytes: Uint8Array) => structproto.Struct.deserializeBinary(bytes).toJavaScript();

/** Field `n` of wire type 2 (a length of one byte, enough here) holding `content`. */
const delimited = (n: number, content: Buffer) =>
  Buffer.concat([Buffer.from([(n << 3) | 2, content.length]), content]);
/** A Struct's map entry: key (1) and the Value's bytes (2). */
const entryOf = (key: string, value: Buffer) =>
  Buffer.concat([delimited(1, Buffer.from(key)), delimited(2, value)]);

/** Keys google-protobuf would turn into the object's prototype are covered on their own below. */
const key = fc.string({ unit: "binary", maxLength: 12 }).filter((k) => k !== "__proto__");
const leaf: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const { value } = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(key, tie("value"), { maxKeys: 5 }),
  ),
}));
const struct = fc.dictionary(key, value, { maxKeys: 8 });

describe("decodeStruct", () => {
  it("reads what google-protobuf reads, keys in the same order", () => {
    fc.assert(
      fc.property(struct, (input) => {
        const bytes = bytesOf(input);
        const ours = decodeStruct(bytes);
        const theirs = googleDecode(bytes);
        expect(ours).toEqual(theirs);
        // Diffs compare values as JSON text: the order of keys is part of the value.
        expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps numbers bit for bit: negative zero, infinities, NaN, the smallest and largest doubles", () => {
    const numbers = [-0, Infinity, -Infinity, Number.NaN, Number.MIN_VALUE, Number.MAX_VALUE, 2 ** 53 + 2];
    const decoded = decodeStruct(bytesOf({ n: numbers })).n as number[];
    for (const [i, n] of decoded.entries()) expect(Object.is(n, numbers[i])).toBe(true);
  });

  it("reads text of any script, split surrogate pairs and control characters included", () => {
    const text = "名前 ☃ 𝄞 \u202e\u0000 \ud83d\ude00";
    expect(decodeStruct(bytesOf({ [text]: text }))).toEqual({ [text]: text });
  });

  it('keeps a "__proto__" key as a plain property, never as the prototype', () => {
    // google-protobuf's own map drops such a key, so the bytes are written by hand:
    // {"__proto__": {"polluted": true}, "a": "b"}
    const polluted = delimited(5, delimited(1, entryOf("polluted", Buffer.from([0x20, 1]))));
    const bytes = Buffer.concat([
      delimited(1, entryOf("__proto__", polluted)),
      delimited(1, entryOf("a", delimited(3, Buffer.from("b")))),
    ]);
    const decoded = decodeStruct(bytes);
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toEqual(["__proto__", "a"]);
    expect((decoded as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(decoded, "__proto__")?.value).toEqual({ polluted: true });
    expect(decoded.a).toBe("b");
  });

  it("steps over fields it does not know, of every wire type, at every level", () => {
    const unknown = Buffer.concat([
      Buffer.from([0x78, 0x96, 0x01]), // field 15, varint 150
      Buffer.from([0x7d, 1, 2, 3, 4]), // field 15, fixed32
      Buffer.from([0x79, 1, 2, 3, 4, 5, 6, 7, 8]), // field 15, fixed64
      delimited(15, Buffer.from("hi")),
    ]);
    // {"k": "v"} with unknown fields around its entry and inside its value.
    const value = Buffer.concat([delimited(3, Buffer.from("v")), unknown]);
    const struct = (entry: Buffer) => Buffer.concat([unknown, delimited(1, entry), unknown]);
    const bytes = struct(entryOf("k", value));
    expect(decodeStruct(bytes)).toEqual({ k: "v" });
    expect(decodeStruct(bytes)).toEqual(googleDecode(bytes));
    // Inside a map entry too, where google-protobuf's reader gives up.
    expect(decodeStruct(struct(Buffer.concat([entryOf("k", value), unknown])))).toEqual({ k: "v" });
  });

  it("takes the last of two kinds in one value and the last of two entries for one key", () => {
    // {"k": "a" then 2.0}, then {"k": true}
    const double = Buffer.alloc(9);
    double[0] = 0x11; // field 2, fixed64
    double.writeDoubleLE(2, 1);
    const first = delimited(1, entryOf("k", Buffer.concat([delimited(3, Buffer.from("a")), double])));
    const bytes = Buffer.concat([first, delimited(1, entryOf("k", Buffer.from([0x20, 1])))]);
    expect(decodeStruct(first)).toEqual({ k: 2 });
    expect(decodeStruct(first)).toEqual(googleDecode(first));
    expect(decodeStruct(bytes)).toEqual({ k: true });
    expect(decodeStruct(bytes)).toEqual(googleDecode(bytes));
  });

  it("decodes a Struct inside a larger buffer, between its bounds only", () => {
    const inner = bytesOf({ a: [1, "two", { three: null }] });
    const padded = Buffer.concat([Buffer.from([0xff, 0xff]), inner, Buffer.from([0xff])]);
    expect(decodeStruct(padded, 2, 2 + inner.length)).toEqual({ a: [1, "two", { three: null }] });
  });

  it("refuses malformed bytes with an error that says what and where, instead of reading past them", () => {
    // One entry: every shorter prefix ends inside it.
    const good = bytesOf({ rules: [{ min: 5, name: "a strategy", on: true }] });
    for (let cut = 1; cut < good.length; cut++) {
      let error: unknown;
      try {
        decodeStruct(good, 0, cut);
      } catch (err) {
        error = err;
      }
      expect(error, `cut at ${cut}`).toBeInstanceOf(WireDecodingError);
      expect((error as Error).message).toMatch(
        /^malformed protobuf message from the engine: .+ at byte \d+$/,
      );
    }
  });

  it("refuses an entry without a value and a value of no kind, as google-protobuf does", () => {
    const noValue = delimited(1, delimited(1, Buffer.from("k")));
    expect(() => decodeStruct(noValue)).toThrow(/a map entry without a value at byte 2/);
    expect(() => googleDecode(noValue)).toThrow();
    const noKind = delimited(1, entryOf("k", Buffer.alloc(0)));
    expect(() => decodeStruct(noKind)).toThrow(/a value of no kind/);
    expect(() => googleDecode(noKind)).toThrow();
  });

  it("refuses a group wire type, which no Struct uses", () => {
    expect(() => decodeStruct(Buffer.from([0x0b]))).toThrow(/unsupported wire type 3/);
  });
});
