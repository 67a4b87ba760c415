/**
 * google.protobuf.Struct read straight from its bytes into plain values: the same values as
 * `Struct.deserializeBinary(bytes).toJavaScript()`, without a message object per value in
 * between. The engine sends a resource's stored outputs and inputs with every check, diff,
 * update, read and delete, and google-protobuf's generic reader was the largest part of the
 * plugin's time per operation (docs/benchmarks.md).
 */
import type { JavaScriptValue } from "google-protobuf/google/protobuf/struct_pb";
import { WireDecodingError } from "./errors";
import { LENGTH_DELIMITED, WireReader } from "./wire-reader";

export type PlainObject = { [key: string]: JavaScriptValue };

/**
 * The Struct encoded in `bytes[start, end)`. Keys come out sorted, as google-protobuf's map
 * iterates them: the engine's map order is random, and diffs compare values as JSON text.
 */
export function decodeStruct(bytes: Buffer, start = 0, end = bytes.length): PlainObject {
  const reader = new WireReader(bytes, start, end);
  const fields = new Map<string, JavaScriptValue>();
  while (reader.pos < reader.end) {
    const tag = reader.varint();
    if (tag >>> 3 === 1 && (tag & 7) === LENGTH_DELIMITED) {
      const [from, to] = reader.delimited();
      const [key, value] = entry(bytes, from, to);
      fields.set(key, value);
    } else reader.skip(tag & 7);
  }
  const object: PlainObject = {};
  for (const key of [...fields.keys()].sort()) {
    const value = fields.get(key)!;
    // A key is data: "__proto__" is a property like any other, never the object's prototype.
    if (key === "__proto__")
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    else object[key] = value;
  }
  return object;
}

/** One `fields` map entry: key (1) and value (2); absent parts take their defaults. */
function entry(bytes: Buffer, start: number, end: number): [string, JavaScriptValue] {
  const reader = new WireReader(bytes, start, end);
  let key = "";
  let value: JavaScriptValue | undefined;
  while (reader.pos < reader.end) {
    const tag = reader.varint();
    const field = tag >>> 3;
    if (field === 1 && (tag & 7) === LENGTH_DELIMITED) {
      const [from, to] = reader.delimited();
      key = bytes.toString("utf8", from, to);
    } else if (field === 2 && (tag & 7) === LENGTH_DELIMITED) {
      const [from, to] = reader.delimited();
      value = decodeValue(bytes, from, to);
    } else reader.skip(tag & 7);
  }
  // google-protobuf reads a missing value as an empty Value, whose conversion fails.
  if (value === undefined) throw new WireDecodingError("a map entry without a value", start);
  return [key, value];
}

/** The tags of a Value's kinds: field number << 3 | wire type. */
const NULL_VALUE = (1 << 3) | 0;
const NUMBER_VALUE = (2 << 3) | 1;
const STRING_VALUE = (3 << 3) | 2;
const BOOL_VALUE = (4 << 3) | 0;
const STRUCT_VALUE = (5 << 3) | 2;
const LIST_VALUE = (6 << 3) | 2;

/** A Value: the last kind on the wire wins (a oneof). */
function decodeValue(bytes: Buffer, start: number, end: number): JavaScriptValue {
  const reader = new WireReader(bytes, start, end);
  let value: JavaScriptValue | undefined;
  while (reader.pos < reader.end) {
    const tag = reader.varint();
    switch (tag) {
      case NULL_VALUE:
        reader.varint();
        value = null;
        break;
      case NUMBER_VALUE:
        value = reader.double();
        break;
      case BOOL_VALUE:
        value = reader.varint() !== 0;
        break;
      case STRING_VALUE: {
        const [from, to] = reader.delimited();
        value = bytes.toString("utf8", from, to);
        break;
      }
      case STRUCT_VALUE: {
        const [from, to] = reader.delimited();
        value = decodeStruct(bytes, from, to);
        break;
      }
      case LIST_VALUE: {
        const [from, to] = reader.delimited();
        value = decodeList(bytes, from, to);
        break;
      }
      default:
        reader.skip(tag & 7);
    }
  }
  if (value === undefined) throw new WireDecodingError("a value of no kind", start);
  return value;
}

function decodeList(bytes: Buffer, start: number, end: number): JavaScriptValue[] {
  const reader = new WireReader(bytes, start, end);
  const list: JavaScriptValue[] = [];
  while (reader.pos < reader.end) {
    const tag = reader.varint();
    if (tag >>> 3 === 1 && (tag & 7) === LENGTH_DELIMITED) {
      const [from, to] = reader.delimited();
      list.push(decodeValue(bytes, from, to));
    } else reader.skip(tag & 7);
  }
  return list;
}
