import { z } from "zod";
import { newId } from "../ids";

/**
 * Injected faults (control plane, `POST /_emulator/faults`). A fault matches by method and by
 * path (a route template such as /strategies/:id, or a prefix of the request path, both relative
 * to the base URL).
 *  - status: answer with that status instead of running the handler (nothing is applied);
 *    with drop "after-commit" the handler runs and commits first, then the status is sent.
 *  - drop "before": destroy the connection before the handler runs (nothing is applied).
 *  - drop "after-commit" without status: the handler runs and commits, then the connection is
 *    destroyed without a response (the ambiguous write).
 *  - latencyMs: delay before handling; combinable with the others.
 *  - count: how many requests it fires for (default: until removed); probability: 0..1 (default 1).
 */
export const FaultSpecSchema = z.strictObject({
  method: z
    .string()
    .regex(/^[A-Za-z]+$/)
    .optional(),
  path: z.string().startsWith("/").optional(),
  status: z.number().int().min(100).max(599).optional(),
  count: z.number().int().min(1).optional(),
  probability: z.number().min(0).max(1).optional(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  drop: z.enum(["before", "after-commit"]).optional(),
  retryAfterSeconds: z.number().int().min(0).optional(),
});

/** A fault as the control plane accepts it: its type is the schema's, stated once. */
export type FaultSpec = z.infer<typeof FaultSpecSchema>;

export interface Fault extends FaultSpec {
  id: string;
  fired: number;
}

export class FaultRegistry {
  private faults: Fault[] = [];

  constructor(private readonly random: () => number = Math.random) {}

  add(spec: FaultSpec): Fault {
    const fault: Fault = { id: newId(), fired: 0, ...spec };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length !== before;
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault that matches and fires for this request, consuming one of its count. */
  take(method: string, route: string | null, path: string): Fault | undefined {
    for (const f of this.faults) {
      if (f.method && f.method.toUpperCase() !== method.toUpperCase()) continue;
      if (f.path && !pathMatches(f.path, route, path)) continue;
      if (f.count !== undefined && f.fired >= f.count) continue;
      if (f.probability !== undefined && this.random() >= f.probability) continue;
      f.fired++;
      const out = { ...f };
      if (f.count !== undefined && f.fired >= f.count) this.remove(f.id);
      return out;
    }
    return undefined;
  }
}

function pathMatches(pattern: string, route: string | null, path: string): boolean {
  if (route !== null && pattern === route) return true;
  if (pattern === path) return true;
  const prefix = pattern.endsWith("/") ? pattern : `${pattern}/`;
  return path.startsWith(prefix);
}
