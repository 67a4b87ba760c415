import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { describe, expect, it } from "vitest";
import { DecodedStruct, REQUEST_DECODERS, withFastRequests } from "../../../provider/plugin/request-decoding";

const struct = (value: Record<string, structproto.JavaScriptValue>) =>
  structproto.Struct.fromJavaScript(value);
const olds = { name: "old", rules: [{ rule: "liquidity_usd", dealbreaker: true, min: 1000 }] };
const news = {
  name: "new",
  rules: [{ rule: "has_website", dealbreaker: false }],
  secret: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "s" },
};
const outputs = { ...olds, strategyId: "id-1", ruleGroups: [{ id: "market", rules: [] }] };
const urn = "urn:pulumi:dev::p::strategy-alerts:index:Strategy::s";

type Message = { serializeBinary(): Uint8Array; toObject(): unknown };
interface RequestType {
  new (): Message;
  deserializeBinary(bytes: Uint8Array): Message;
  deserializeBinaryFromReader: unknown;
}
const decoder = (type: RequestType) => REQUEST_DECODERS.get(type)!;

/** Every request type that carries bags, with every field set, its Structs to distinct bags. */
const cases: { type: RequestType; request: Message }[] = [
  {
    type: provproto.CheckRequest,
    request: new provproto.CheckRequest()
      .setUrn(urn)
      .setOlds(struct(olds))
      .setNews(struct(news))
      .setOldOutputs(struct(outputs))
      .setName("s")
      .setType("strategy-alerts:index:Strategy")
      .setRandomseed(new Uint8Array([1, 2, 3])),
  },
  {
    type: provproto.DiffRequest,
    request: new provproto.DiffRequest()
      .setId("id-1")
      .setUrn(urn)
      .setOlds(struct(outputs))
      .setNews(struct(news))
      .setOldInputs(struct(olds))
      .setIgnorechangesList(["description"])
      .setName("s"),
  },
  {
    type: provproto.CreateRequest,
    request: new provproto.CreateRequest()
      .setUrn(urn)
      .setProperties(struct(news))
      .setPreview(true)
      .setTimeout(30),
  },
  {
    type: provproto.ReadRequest,
    request: new provproto.ReadRequest()
      .setId("id-1")
      .setUrn(urn)
      .setProperties(struct(outputs))
      .setInputs(struct(olds)),
  },
  {
    type: provproto.UpdateRequest,
    request: new provproto.UpdateRequest()
      .setId("id-1")
      .setUrn(urn)
      .setOlds(struct(outputs))
      .setNews(struct(news))
      .setOldInputs(struct(olds))
      .setPreview(true),
  },
  {
    type: provproto.DeleteRequest,
    request: new provproto.DeleteRequest()
      .setId("id-1")
      .setUrn(urn)
      .setProperties(struct(outputs))
      .setOldInputs(struct(olds)),
  },
];

describe("the plugin's request decoders", () => {
  it("decode every request that carries property bags to what google-protobuf decodes", () => {
    expect(REQUEST_DECODERS.size).toBe(cases.length);
    for (const { type, request } of cases) {
      const bytes = Buffer.from(request.serializeBinary());
      const ours = decoder(type)(bytes) as Message;
      expect(ours).toBeInstanceOf(type);
      expect(ours.toObject()).toEqual(type.deserializeBinary(bytes).toObject());
      // Encoded again, the message is the same bytes: the decoded Structs are faithful Structs.
      expect(Buffer.from(ours.serializeBinary()).equals(bytes)).toBe(true);
    }
  });

  it("hand the handlers the property bags as plain values", () => {
    const bytes = Buffer.from(cases[1]!.request.serializeBinary());
    const req = decoder(provproto.DiffRequest)(bytes) as provproto.DiffRequest;
    expect(req.getOlds()).toBeInstanceOf(DecodedStruct);
    expect(req.getOlds()?.toJavaScript()).toEqual(outputs);
    expect(req.getNews()?.toJavaScript()).toEqual(news);
    expect(req.hasOldInputs()).toBe(true);
    expect(req.getOldInputs()?.toJavaScript()).toEqual(olds);
    expect(req.getIgnorechangesList()).toEqual(["description"]);
  });

  it("leave a bag the engine did not send absent", () => {
    const bytes = Buffer.from(
      new provproto.DiffRequest().setId("id-1").setUrn(urn).setNews(struct(news)).serializeBinary(),
    );
    const req = decoder(provproto.DiffRequest)(bytes) as provproto.DiffRequest;
    expect(req.hasOldInputs()).toBe(false);
    expect(req.hasOlds()).toBe(false);
    expect(req.getNews()?.toJavaScript()).toEqual(news);
  });

  it("decode every Struct field of their request types (the SDK's generated readers are the reference)", () => {
    // A field missed here would still be read, by google-protobuf, only slowly; the test keeps
    // the table whole when the SDK's protocol grows a bag.
    const structField =
      /case (\d+):\s*var value = new google_protobuf_struct_pb\.Struct;\s*reader\.readMessage\(value,google_protobuf_struct_pb\.Struct\.deserializeBinaryFromReader\);\s*msg\.set(\w+)\(value\);/g;
    for (const { type } of cases) {
      const fields = [...String(type.deserializeBinaryFromReader).matchAll(structField)].map((m) => ({
        number: Number(m[1]),
        getter: `get${m[2]}`,
      }));
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) {
        const inner = Buffer.from(struct({ [field.getter]: field.number }).serializeBinary());
        const bytes = Buffer.concat([Buffer.from([(field.number << 3) | 2, inner.length]), inner]);
        const decoded = decoder(type)(bytes) as unknown as Record<string, () => structproto.Struct>;
        expect(decoded[field.getter]!(), field.getter).toBeInstanceOf(DecodedStruct);
        expect(decoded[field.getter]!().toJavaScript()).toEqual({ [field.getter]: field.number });
      }
    }
  });

  it("replace the generated deserializer of exactly the methods whose requests carry bags", () => {
    const generated: Record<string, { requestDeserialize: unknown }> = provrpc.ResourceProviderService;
    const service = withFastRequests(provrpc.ResourceProviderService);
    const replaced = Object.entries(service)
      .filter(([name, method]) => method.requestDeserialize !== generated[name]?.requestDeserialize)
      .map(([name]) => name)
      .sort();
    expect(replaced).toEqual([
      "check",
      "checkConfig",
      "create",
      "delete",
      "diff",
      "diffConfig",
      "read",
      "update",
    ]);
    // Everything else about each method is the generated definition's.
    expect(service.check?.path).toBe(provrpc.ResourceProviderService.check.path);
    expect(service.check?.responseSerialize).toBe(provrpc.ResourceProviderService.check.responseSerialize);
  });
});
