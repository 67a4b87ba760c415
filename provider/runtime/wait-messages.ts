import type { WaitEvent } from "../api/rate-limiter";
import { printableText } from "../model/printable-text";

/** Waits shorter than this are routine and not worth a line in the Pulumi output. */
const ANNOUNCE_WAIT_MS = 2_000;

/**
 * The engine shows a dynamic provider's stderr in the `pulumi up` output (as a diagnostic of
 * severity `info#err`), so a long pause says what it waits for, how long and why. `pulumi.log`
 * would not do: the dynamic-provider host never connects the SDK to the engine's log service,
 * so in this process it only writes to the console.
 */
export function announceWait(event: WaitEvent): void {
  if (event.waitMs < ANNOUNCE_WAIT_MS) return;
  console.error(printableText(describeWait(event)));
}

export function describeWait(event: WaitEvent): string {
  const seconds = Math.ceil(event.waitMs / 1000);
  const request = event.method && event.route ? ` before ${event.method} ${event.route}` : "";
  switch (event.reason) {
    case "rate-limit-window":
      return `strategy-alerts: waiting ${seconds}s${request}: the plan allows ${event.requestsPerMinute} requests per minute and this minute's budget is spent (by every command of this API key on this machine).`;
    case "retry-after":
      return `strategy-alerts: waiting ${seconds}s${request}: the service answered 429 (rate limit exceeded) and asked to retry after ${seconds}s.`;
    case "rate-limited":
      return `strategy-alerts: waiting ${seconds}s${request}: the service answered 429 (rate limit exceeded; plan limit ${event.requestsPerMinute} requests per minute).`;
    case "retry-backoff":
      return `strategy-alerts: waiting ${seconds}s${request}: retrying after a server error or a dropped connection.`;
    default:
      return `strategy-alerts: waiting ${seconds}s${request}.`;
  }
}
