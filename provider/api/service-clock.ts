/**
 * The service's own clock, read from the `Date` header of its answers. It is the clock a
 * strategy's `createdAt` is measured on, so a time compared with `createdAt` must be taken on
 * it, not on this machine's clock (which may be minutes off).
 *
 * One answer says: when the service wrote it, its clock showed `dateMs` (whole seconds, cut
 * down), and on this machine that instant lies between the request's send and the answer's
 * receipt. So the service's clock runs ahead of ours by at least `dateMs - receivedAtMs` and at
 * most `dateMs + 1 s - sentAtMs`: the uncertainty is the header's resolution plus the round trip.
 */

/** One answer's `Date` header with this machine's times of its request's send and its receipt. */
export interface ServiceDateSample {
  /** The header's time, ms since the epoch (always a whole second). */
  dateMs: number;
  sentAtMs: number;
  receivedAtMs: number;
}

/** The `Date` header counts whole seconds (RFC 7231, "Date/Time Formats"). */
export const DATE_RESOLUTION_MS = 1000;

/** A time on the service's clock known to lie in [earliestMs, earliestMs + uncertaintyMs]. */
export interface ServiceTime {
  earliestMs: number;
  uncertaintyMs: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const IMF_FIXDATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/**
 * The header's time when it is an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, the one form a
 * server must send); undefined otherwise. Another form gives no calibration rather than a guess:
 * a time misread by a lenient parser would move a bound that recover relies on.
 */
export function parseHttpDate(value: string | string[] | undefined): number | undefined {
  if (typeof value !== "string") return undefined;
  const m = IMF_FIXDATE.exec(value.trim());
  if (!m) return undefined;
  const [, day, month, year, hour, minute, second] = m;
  const monthIndex = MONTHS.indexOf(month!);
  if (monthIndex < 0) return undefined;
  const ms = Date.UTC(Number(year), monthIndex, Number(day), Number(hour), Number(minute), Number(second));
  // Date.UTC rolls 31 Feb over into March: such a header is not a date.
  return new Date(ms).getUTCDate() === Number(day) && Number(hour) < 24 && Number(minute) < 60
    ? ms
    : undefined;
}

/** How far the service's clock runs ahead of this machine's (negative: behind), as one answer shows it. */
export function clockOffset(sample: ServiceDateSample): { minMs: number; maxMs: number } {
  return {
    minMs: sample.dateMs - sample.receivedAtMs,
    maxMs: sample.dateMs + DATE_RESOLUTION_MS - sample.sentAtMs,
  };
}

/** The service's clock at `localMs` (a time on this machine's clock), as the sample calibrates it. */
export function serviceTimeAt(sample: ServiceDateSample, localMs: number): ServiceTime {
  const { minMs, maxMs } = clockOffset(sample);
  return { earliestMs: localMs + minMs, uncertaintyMs: maxMs - minMs };
}
