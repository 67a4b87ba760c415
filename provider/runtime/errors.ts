import { UnauthorizedError } from "../api/errors";
import { API_KEY_ENV } from "../credentials";
import { StrategyAlertsError } from "../model/errors";
import { printableText } from "../model/printable-text";
import { shortText } from "../model/quoted-text";
import { traceOperation } from "./trace";

/**
 * The error a resource operation shows in `pulumi up`: which resource, then the client's own
 * message (method, route, the service's message, what to do — never the key). The resource's
 * label and the message quote untrusted text (an address, a name, what the service said), so the
 * whole message is made printable here, where every operation's failure passes.
 */
export class ResourceOperationError extends StrategyAlertsError {
  constructor(resource: string, operation: string, cause: unknown) {
    super(
      printableText(`${resource}: ${operation} failed: ${shortText(messageOf(cause))}${staleKeyHint(cause)}`),
      {
        cause,
      },
    );
  }
}

/** What an error says, whatever was thrown. */
export function messageOf(cause: unknown): string {
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

/**
 * A resource was created but could not be brought to its declared state: the engine records it
 * with `properties` (so it is not created twice) and shows `reasons`.
 */
class ResourceInitFailedError extends StrategyAlertsError implements InitFailure {
  readonly id: string;
  readonly properties: Record<string, unknown>;
  readonly reasons: string[];

  constructor(message: string, id: string, properties: Record<string, unknown>) {
    super(shortText(message));
    this.id = id;
    this.properties = properties;
    // The engine shows `reasons`, not the message, so the reason carries the whole story.
    this.reasons = [this.message];
  }
}

export function initFailure(message: string, id: string, properties: Record<string, unknown>): InitFailure {
  return new ResourceInitFailedError(message, id, properties);
}

export function isInitFailure(err: unknown): err is InitFailure {
  return err instanceof Error && typeof (err as Partial<InitFailure>).id === "string";
}

/**
 * The service's state contradicts what an operation just did or was asked to do (a strategy
 * gone right after its update, several strategies that could each be the one created): the
 * message says what was found and what to do.
 */
export class ServiceStateError extends StrategyAlertsError {}

/**
 * A declared value the check could not see at preview (it was unknown until apply) and that
 * turned out invalid: refused before anything is sent.
 */
export class InvalidInputError extends StrategyAlertsError {}

/** A resource kind this version of the package does not serve (state written by a newer one). */
export class UnknownResourceKindError extends StrategyAlertsError {
  readonly kind: string;

  constructor(kind: string) {
    super(
      `pulumi-strategy-alerts has no resource kind "${printableText(kind)}"; upgrade the package to the version that wrote this state`,
    );
    this.kind = kind;
  }
}
