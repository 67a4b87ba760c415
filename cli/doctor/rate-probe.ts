/**
 * `--probe-rate`: tells a fixed (calendar-minute) window from a sliding one by spending one
 * minute of the key's budget. The burst starts early in a minute, so the next minute boundary
 * comes well before the burst's first request is a minute old:
 * - fixed: right after the boundary the service admits requests again, a whole new budget;
 * - sliding: right after the boundary it admits only as many as aged out (our own requests sent
 *   in the first second of the minute, usually none), and admits again once the burst's first
 *   request is a minute old.
 * It never sends more than the budget plus a few refused requests, so other clients of the key
 * meet 429s for at most that minute.
 */
import { type Check, type DoctorContext, differs, notObservable, type Observation, same } from "./check";

const MINUTE = 60_000;
/** Burst start within a minute: late enough that the boundary is clearly apart from "a minute old". */
const EARLIEST_MS = 5_000;
/** Latest burst start within a minute, so even a slow burst ends before the boundary. */
const LATEST_MS = 30_000;
const CONCURRENCY = 8;

export const RATE_PROBE_NOTICE =
  "--probe-rate spends this key's rate budget for about one minute (up to two while it waits for the " +
  "start of a minute); other clients of the key will meet 429s meanwhile.";

export const rateWindowCheck: Check = {
  item: "rate-limit window",
  spec: "not shown (requests per minute per key)",
  emulatorReading: "sliding 60 s window; 429s not counted",
  async observe(ctx) {
    if (!ctx.options.probeRate)
      return { observed: "not checked (pass --probe-rate)", differs: false, breaks: false };
    if (!ctx.requestsPerMinute) return notObservable("GET /me gave no requests per minute");
    return probeWindow(ctx, ctx.requestsPerMinute);
  },
};

async function probeWindow(ctx: DoctorContext, rpm: number): Promise<Observation> {
  const { http } = ctx;
  const serviceNow = () => http.now() + ctx.skewMs;
  const intoMinute = () => serviceNow() % MINUTE;
  if (intoMinute() < EARLIEST_MS) await http.sleep(EARLIEST_MS - intoMinute());
  else if (intoMinute() > LATEST_MS) await http.sleep(MINUTE - intoMinute() + EARLIEST_MS);
  ctx.options.log("probing the rate window: exhausting this key's budget");

  const minuteStart = serviceNow() - intoMinute();
  const boundary = minuteStart + MINUTE;
  const admittedBefore = http.admitted.length;
  let refused = false;
  let sent = 0;
  const cap = rpm + CONCURRENCY;
  const worker = async () => {
    while (!refused && sent < cap && serviceNow() < boundary - 1_000) {
      sent++;
      const res = await http.send("GET", "/me", { raw429: true });
      if (res.status === 429) refused = true;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const burst = http.admitted.slice(admittedBefore);
  if (!refused) {
    if (sent >= cap)
      return differs(`no 429 after ${burst.length} requests: the limit is above GET /me's ${rpm}`);
    return notObservable("the burst did not reach a 429 before the minute ended");
  }
  const firstSent = Math.min(...burst) + ctx.skewMs;

  // Our own requests that a sliding window frees by boundary + 1 s. Refused ones count too, in
  // case the service counts them: too many tries only costs a request, too few would read a
  // sliding window as fixed.
  const freedBySliding = http.responses.filter((r) => {
    const s = r.sentAt + ctx.skewMs;
    return s > firstSent - MINUTE && s <= minuteStart + 1_000;
  }).length;
  const tries = freedBySliding + 1;
  await http.sleep(Math.max(0, boundary + 1_000 - serviceNow()));
  let admitted = 0;
  for (let i = 0; i < tries; i++) {
    const res = await http.send("GET", "/me", { raw429: true });
    if (res.status !== 429) admitted++;
  }
  const burstText = `burst: ${burst.length} admitted, then 429`;
  if (admitted === tries)
    return differs(`fixed (calendar minute): admitted again 1 s after the minute boundary (${burstText})`);

  await http.sleep(Math.max(0, firstSent + MINUTE + 1_500 - serviceNow()));
  const again = await http.send("GET", "/me", { raw429: true });
  if (again.status !== 429)
    return same(
      `sliding: refused after the minute boundary, admitted once the burst's first request was a minute old (${burstText})`,
    );
  return differs(
    `neither: still refused a minute after the burst (refused requests may count, or another client uses the key; ${burstText})`,
  );
}
