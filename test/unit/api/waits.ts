/** The waits a rate limiter announces, as the rate-limit suites read them. */
import type { RateLimiter, WaitEvent } from "../../../provider/api/rate-limiter";

/** The waits one `acquire` announces, for a request to `target` that a 429 asked `askedMs` of. */
export async function waitsOfAcquire(
  limiter: RateLimiter,
  target?: { method: string; route: string },
  askedMs?: number,
): Promise<WaitEvent[]> {
  const waits: WaitEvent[] = [];
  await limiter.acquire((e) => waits.push(e), target, askedMs);
  return waits;
}
