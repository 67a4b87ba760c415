/**
 * Warnings on a resource, through the engine's `Log` call: a provider's check can fail but not
 * warn, and a line on stderr reaches the engine without the resource it is about. The request is
 * made with the generated protocol stubs alone (the plugin never loads the SDK's index).
 */
import * as grpc from "@grpc/grpc-js";
import * as engineproto from "@pulumi/pulumi/proto/engine_pb";
import { printableText } from "../model/printable-text";

/** Shows `message` as a warning of the resource `urn`; never throws. */
export type ResourceWarn = (urn: string, message: string) => Promise<void>;

const LOG = "/pulumirpc.Engine/Log";

export function engineWarnings(address: string, timeoutMs = 5000): { warn: ResourceWarn; close: () => void } {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const warn: ResourceWarn = (urn, message) =>
    new Promise<void>((resolve) => {
      const request = new engineproto.LogRequest()
        .setSeverity(engineproto.LogSeverity.WARNING)
        .setMessage(printableText(message))
        .setUrn(urn);
      client.makeUnaryRequest(
        LOG,
        (r: engineproto.LogRequest) => Buffer.from(r.serializeBinary()),
        (bytes: Buffer) => bytes,
        request,
        { deadline: Date.now() + timeoutMs },
        // A warning that cannot be delivered must not fail the check it is about.
        () => resolve(),
      );
    });
  return { warn, close: () => client.close() };
}

/** With no engine to ask (a plugin started by hand or by a test): one line on stderr. */
export const stderrWarn: ResourceWarn = async (urn, message) => {
  console.error(printableText(`strategy-alerts: warning: ${urn.split("::").pop() ?? urn}: ${message}`));
};
