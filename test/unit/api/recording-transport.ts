import type { RequestSpec, Transport } from "../../../provider/api/transport";

/**
 * A transport that answers each request with the next of `answers` (as the service's parsed
 * body) and records what the endpoint group asked for: method, route, params, query, body and
 * the schema the answer is read with.
 */
export function recordingTransport(...answers: unknown[]) {
  const specs: RequestSpec<unknown>[] = [];
  const resized: number[] = [];
  const transport = {
    async request(spec: RequestSpec<unknown>) {
      specs.push(spec);
      if (answers.length === 0) throw new Error(`no answer left for ${spec.method} ${spec.route}`);
      return answers.shift();
    },
    rateLimiter: { resize: (requestsPerMinute: number) => resized.push(requestsPerMinute) },
  } as unknown as Transport;
  /** The requests without their schemas, for a compact comparison. */
  const sent = () => specs.map(({ schema: _schema, ...rest }) => rest);
  return { transport, specs, sent, resized };
}

/** Every item an async generator yields. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
