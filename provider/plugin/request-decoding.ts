/**
 * The plugin's requests read with their property bags decoded by struct-decoding.ts: every
 * request that carries a resource's inputs or stored outputs. The other fields (urn, id, name,
 * flags) are few and small, so google-protobuf still reads them, and the handlers get the same
 * message classes as before.
 */
import type * as grpc from "@grpc/grpc-js";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { decodeStruct, type PlainObject } from "./struct-decoding";
import { LENGTH_DELIMITED, WireReader } from "./wire-reader";

/**
 * A Struct holding the plain value it was decoded to: `toJavaScript()` returns it (the same
 * object on every call; the handlers only read it), and the message's own fields are built from
 * it only when something asks for them, so it stays a faithful Struct for any other reader.
 */
export class DecodedStruct extends structproto.Struct {
  readonly #value: PlainObject;
  #built = false;

  constructor(value: PlainObject) {
    super();
    this.#value = value;
  }

  override toJavaScript(): PlainObject {
    return this.#value;
  }

  override getFieldsMap(): ReturnType<structproto.Struct["getFieldsMap"]> {
    const fields = super.getFieldsMap();
    if (!this.#built) {
      this.#built = true;
      for (const [key, value] of Object.entries(this.#value))
        fields.set(key, structproto.Value.fromJavaScript(value));
    }
    return fields;
  }
}

type Setters<M> = Record<number, (message: M, struct: structproto.Struct) => unknown>;

/**
 * The request type with a deserializer that decodes the Struct fields named by `setters` (field
 * number → setter) and hands the rest of the bytes to the type's generated reader. A field seen
 * twice keeps its last value, as google-protobuf's generated readers do.
 */
function withStructs<M>(
  type: { deserializeBinary(bytes: Uint8Array): M },
  setters: Setters<M>,
): [unknown, (bytes: Buffer) => M] {
  const decode = (bytes: Buffer): M => {
    const reader = new WireReader(bytes, 0, bytes.length);
    const rest: Buffer[] = [];
    const structs: [number, PlainObject][] = [];
    while (reader.pos < reader.end) {
      const fieldStart = reader.pos;
      const tag = reader.varint();
      const field = tag >>> 3;
      if ((tag & 7) === LENGTH_DELIMITED && setters[field]) {
        const [from, to] = reader.delimited();
        structs.push([field, decodeStruct(bytes, from, to)]);
      } else {
        reader.skip(tag & 7);
        rest.push(bytes.subarray(fieldStart, reader.pos));
      }
    }
    const message = type.deserializeBinary(Buffer.concat(rest));
    for (const [field, value] of structs) setters[field]!(message, new DecodedStruct(value));
    return message;
  };
  return [type, decode];
}

/** The fast deserializer of each request type that carries property bags. */
export const REQUEST_DECODERS = new Map<unknown, (bytes: Buffer) => unknown>([
  withStructs(provproto.CheckRequest, {
    2: (m, s) => m.setOlds(s),
    3: (m, s) => m.setNews(s),
    9: (m, s) => m.setOldOutputs(s),
  }),
  withStructs(provproto.DiffRequest, {
    3: (m, s) => m.setOlds(s),
    4: (m, s) => m.setNews(s),
    6: (m, s) => m.setOldInputs(s),
  }),
  withStructs(provproto.CreateRequest, { 2: (m, s) => m.setProperties(s) }),
  withStructs(provproto.ReadRequest, { 3: (m, s) => m.setProperties(s), 4: (m, s) => m.setInputs(s) }),
  withStructs(provproto.UpdateRequest, {
    3: (m, s) => m.setOlds(s),
    4: (m, s) => m.setNews(s),
    8: (m, s) => m.setOldInputs(s),
  }),
  withStructs(provproto.DeleteRequest, { 3: (m, s) => m.setProperties(s), 5: (m, s) => m.setOldInputs(s) }),
]);

/** The service definition with those deserializers in place of the generated ones. */
export function withFastRequests(service: grpc.ServiceDefinition): grpc.ServiceDefinition {
  return Object.fromEntries(
    Object.entries(service).map(([name, method]) => {
      const decode = REQUEST_DECODERS.get((method as { requestType?: unknown }).requestType);
      return [name, decode ? { ...method, requestDeserialize: decode } : method];
    }),
  );
}
