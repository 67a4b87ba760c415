import type { DoctorHttp } from "./http";

/** What one check saw at the service. */
export interface Observation {
  /** What this service does, in a few words (text from the service is redacted by DoctorHttp). */
  observed: string;
  /** The service follows another reading than the emulator's default. */
  differs: boolean;
  /** The provider cannot work against this (doctor exits 1). */
  breaks: boolean;
}

/**
 * One row of the doctor's table. `spec` and `emulatorReading` are fixed text; `observe` asks the
 * service. A check whose flag was not given observes "not checked" without calling anything.
 */
export interface Check {
  item: string;
  spec: string;
  emulatorReading: string;
  observe(ctx: DoctorContext): Promise<Observation>;
}

export interface DoctorOptions {
  writeProbe: boolean;
  probeRate: boolean;
  /** A short hex id naming this run's temporary strategy. */
  runId: string;
  /** Progress lines (stderr). */
  log(line: string): void;
}

/** What every check shares: the HTTP access and what earlier checks found out. */
export interface DoctorContext {
  http: DoctorHttp;
  options: DoctorOptions;
  /** When the run began, by the doctor's clock. */
  startedAt: number;
  /** Filled by the account check: the key's requests per minute. */
  requestsPerMinute?: number;
  /** Filled by the clock check: service time minus local time, in ms (0 when within rounding). */
  skewMs: number;
  /** The raw difference between the Date header and local time, ms (undefined: no Date header). */
  dateSkewMs?: number;
  /** Answers of the list endpoints, by path, for the checks that compare across them. */
  lists: Map<string, unknown>;
  /** Registered cleanups (the write probe's strategy), run at the end and on SIGINT/SIGTERM. */
  cleanups: Array<() => Promise<void>>;
  /** The cleanups running now, so a signal waits for a deletion already under way. */
  cleaning?: Promise<void>;
}

export const same = (observed: string): Observation => ({ observed, differs: false, breaks: false });
export const differs = (observed: string): Observation => ({ observed, differs: true, breaks: false });
export const breaks = (observed: string): Observation => ({ observed, differs: true, breaks: true });
export const notObservable = (why: string): Observation => ({
  observed: `not observable (${why})`,
  differs: false,
  breaks: false,
});
