import type { DoctorContext } from "../../../../cli/doctor/check";
import type { DoctorHttp, DoctorResponse } from "../../../../cli/doctor/http";

/** An answer as DoctorHttp records it. */
export function answer(status: number, json: unknown, headers: Record<string, string> = {}): DoctorResponse {
  return {
    method: "GET",
    path: "/me",
    status,
    headers,
    json,
    text: json === undefined ? "" : JSON.stringify(json),
    sentAt: 1_000,
    receivedAt: 1_200,
  };
}

/**
 * A doctor context whose HTTP access answers each `send` from `answers` (by method and path),
 * records what was sent, and holds the given earlier answers and 429s.
 */
export function doctorContext(
  answers: Record<string, DoctorResponse> = {},
  seen: { responses?: DoctorResponse[]; rateLimited?: DoctorResponse[] } = {},
): { ctx: DoctorContext; sent: Array<{ method: string; path: string; options: unknown }> } {
  const sent: Array<{ method: string; path: string; options: unknown }> = [];
  const http = {
    origin: "https://alerts.example",
    responses: seen.responses ?? [],
    rateLimited: seen.rateLimited ?? [],
    async send(method: string, path: string, options?: unknown) {
      sent.push({ method, path, options });
      const key = `${method} ${path.replace(/^\/strategies\/[^/]+$/, "/strategies/:id")}`;
      const res = answers[key];
      if (!res) throw new Error(`no answer for ${key}`);
      return res;
    },
  } as unknown as DoctorHttp;
  const ctx: DoctorContext = {
    http,
    options: { writeProbe: false, probeRate: false, runId: "abc123", log: () => {} },
    startedAt: 0,
    skewMs: 0,
    lists: new Map(),
    cleanups: [],
  };
  return { ctx, sent };
}
