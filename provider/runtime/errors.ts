import { StrategyAlertsError, UnauthorizedError } from "../api/errors";
import { API_KEY_ENV } from "../credentials";
import { traceOperation } from "./trace";

/**
 * The error a resource operation shows in `pulumi up`: which resource, then the client's own
 * message (method, route, the service's message, what to do — never the key).
 */
export class ResourceOperationError extends StrategyAlertsError {
  constructor(resource: string, operation: string, cause: unknown) {
    super(`${resource}: ${operation} failed: ${messageOf(cause)}${staleKeyHint(cause)}`, { cause });
  }
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

// refresh and destroy run with the provider configuration stored at the last update.
function staleKeyHint(cause: unknown): string {
  if (!(cause instanceof UnauthorizedError)) return "";
  return (
    ` If the key was rotated: \`pulumi refresh\` and \`pulumi destroy\` use the configuration stored at the last update, ` +
    `so set ${API_KEY_ENV} to the new key (it takes precedence over stack config) or run \`pulumi up\` with the new key first.`
  );
}

/** Runs one operation, rethrowing any failure as a ResourceOperationError. */
export async function operation<T>(resource: string, name: string, fn: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    const result = await fn();
    traceOperation(resource, name, startedAt, true);
    return result;
  } catch (err) {
    traceOperation(resource, name, startedAt, false);
    if (err instanceof ResourceOperationError || isInitFailure(err)) throw err;
    throw new ResourceOperationError(resource, name, err);
  }
}

/**
 * An error the dynamic-provider host turns into ErrorResourceInitFailed: the object exists but is
 * not ready, so the engine records it with these outputs and retries on the next up.
 */
export interface InitFailure extends Error {
  id: string;
  properties: Record<string, unknown>;
  reasons: string[];
}

export function initFailure(message: string, id: string, properties: Record<string, unknown>): InitFailure {
  // The engine shows `reasons`, not the message, so the reason carries the whole story.
  return Object.assign(new Error(message), { id, properties, reasons: [message] });
}

function isInitFailure(err: unknown): err is InitFailure {
  return err instanceof Error && typeof (err as Partial<InitFailure>).id === "string";
}
