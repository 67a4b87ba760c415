/**
 * (g) The provider plugin reading a DiffRequest the engine sends for a strategy of the
 * front-door portfolio (its stored outputs, its old inputs and its new inputs): the plugin's
 * decoder (provider/plugin/request-decoding.ts) against google-protobuf's generated reader, each
 * followed by the conversion of the three property bags to plain values that the handlers use.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import type { RuleItem } from "../provider/model/plain-types";
import { rulesToStored } from "../provider/model/rule-mapping";
import { REQUEST_DECODERS } from "../provider/plugin/request-decoding";
import { type Budget, measureSync, type Stats } from "./harness";

const RULES: RuleItem[] = [
  { rule: "liquidity_usd", dealbreaker: true, min: 1000 },
  { rule: "has_website", dealbreaker: false },
  { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
];

/** The request's bytes: outputs as a refresh leaves them (a list read's rule groups). */
function diffRequestBytes(): Buffer {
  const inputs = { name: "s strategy 1", triggers: ["new_token_created"], rules: RULES };
  const outputs = {
    ...inputs,
    ...rulesToStored(RULES, { view: "list" }),
    accountId: "21fe9a65-b2a3-426b-b000-3c3c7b01e1c8",
    createdAt: "2026-11-27T17:17:15.039Z",
    isActive: true,
    strategyId: "f8e8095e-d4c8-4d97-ab40-39fe70b7be70",
    updatedAt: "2026-11-27T17:17:15.113Z",
    userId: "21fe9a65-b2a3-426b-b000-3c3c7b01e1c8",
  };
  const news = { ...inputs, rules: [{ ...RULES[0]!, min: 5000 }, ...RULES.slice(1)] };
  const struct = (bag: object) =>
    structproto.Struct.fromJavaScript(bag as Record<string, structproto.JavaScriptValue>);
  const request = new provproto.DiffRequest()
    .setId(outputs.strategyId)
    .setUrn("urn:pulumi:bench::bench::strategy-alerts:index:Strategy::s1")
    .setOlds(struct(outputs))
    .setOldInputs(struct(inputs))
    .setNews(struct(news));
  return Buffer.from(request.serializeBinary());
}

const bags = (req: provproto.DiffRequest) => [
  req.getOlds()?.toJavaScript(),
  req.getOldInputs()?.toJavaScript(),
  req.getNews()?.toJavaScript(),
];

export function requestDecodingBenchmarks(budget: Budget): Record<string, Stats> {
  const bytes = diffRequestBytes();
  const decode = REQUEST_DECODERS.get(provproto.DiffRequest)!;
  const ours = () => bags(decode(bytes) as provproto.DiffRequest);
  const generated = () => bags(provproto.DiffRequest.deserializeBinary(bytes));
  if (JSON.stringify(ours()) !== JSON.stringify(generated()))
    throw new Error("benchmark set-up failed: the two readers disagree on the DiffRequest");
  return {
    "plugin.decodeDiff": measureSync("plugin.decodeDiff", ours, budget),
    "googlePb.decodeDiff": measureSync("googlePb.decodeDiff", generated, budget),
  };
}
