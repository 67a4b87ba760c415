/**
 * The emulator's single business clock: wall time plus an offset that the control plane moves.
 * Every business time (createdAt, updatedAt, verifiedAt, rate-limit windows) reads this clock so
 * tests can move time deterministically; only webhook `X-Svc-Timestamp` uses the real time, so
 * receivers' tolerance checks keep working after the clock was moved. Every answer's `Date`
 * header reads it too, as a real server's reads the clock its `createdAt` comes from.
 */
export class Clock {
  private offsetMs: number;

  constructor(
    offsetMs = 0,
    private readonly wall: () => number = Date.now,
  ) {
    this.offsetMs = offsetMs;
  }

  nowMs(): number {
    return this.wall() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  iso(): string {
    return this.now().toISOString();
  }

  /** Now as an HTTP `Date` header: RFC 7231's IMF-fixdate, whole seconds cut down. */
  httpDate(): string {
    return this.now().toUTCString();
  }

  /** Makes `now()` return `at` (and then keep ticking with wall time). */
  set(at: Date): void {
    this.offsetMs = at.getTime() - this.wall();
  }

  advance(minutes: number): void {
    this.offsetMs += minutes * 60_000;
  }

  get offset(): number {
    return this.offsetMs;
  }

  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }
}
