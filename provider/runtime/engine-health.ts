/**
 * Whether the engine that started the provider still answers: the engine watch's second sign
 * (engine-watch.ts).
 */
import * as grpc from "@grpc/grpc-js";

const HEALTH_CHECK = "/grpc.health.v1.Health/Check";

/**
 * A `grpc.health.v1.Health/Check` of the engine. The request with no service name is empty on
 * the wire, and any answer (even UNIMPLEMENTED) proves the engine is there, so no message
 * stubs are needed. Only UNAVAILABLE (connection refused or closed) counts as gone.
 */
export function engineHealthProbe(
  address: string,
  timeoutMs = 3000,
): { check: () => Promise<"alive" | "gone" | "unsure">; close: () => void } {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const check = () =>
    new Promise<"alive" | "gone" | "unsure">((resolve) => {
      client.makeUnaryRequest(
        HEALTH_CHECK,
        () => Buffer.alloc(0),
        (bytes: Buffer) => bytes,
        undefined,
        { deadline: Date.now() + timeoutMs },
        (err) => {
          if (!err) resolve("alive");
          else if (err.code === grpc.status.UNAVAILABLE) resolve("gone");
          else if (err.code === grpc.status.DEADLINE_EXCEEDED) resolve("unsure");
          else resolve("alive");
        },
      );
    });
  return { check, close: () => client.close() };
}
