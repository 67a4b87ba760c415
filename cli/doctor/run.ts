/** Runs the doctor's checks in order and collects the table's rows. */
import { printableText } from "../../provider/model/printable-text";
import { accountCheck } from "./account";
import type { Check, DoctorContext, DoctorOptions, Observation } from "./check";
import {
  authenticationCheck,
  authorizationHeaderCheck,
  DoctorStop,
  missingKeyCheck,
  reachabilityCheck,
} from "./connection";
import type { DoctorHttp } from "./http";
import { listChecks, listOrderCheck, omittedFieldsCheck, unknownFieldsCheck } from "./lists";
import { rateWindowCheck } from "./rate-probe";
import {
  clockSkewCheck,
  notFoundCheck,
  rateLimitHeadersCheck,
  retryAfterCheck,
  webhookStateCheck,
} from "./service-state";
import { writeProbeChecks } from "./write-probe";

/**
 * The table's rows in order. The write probe's strategy is deleted right after its group, before
 * the rate probe spends the budget; the header checks come last because they read every answer.
 */
const CHECK_GROUPS: readonly (readonly Check[])[] = [
  [
    reachabilityCheck,
    authenticationCheck,
    authorizationHeaderCheck,
    missingKeyCheck,
    accountCheck,
    clockSkewCheck,
  ],
  [...listChecks, unknownFieldsCheck, omittedFieldsCheck, listOrderCheck, notFoundCheck, webhookStateCheck],
  writeProbeChecks,
  [rateWindowCheck, rateLimitHeadersCheck, retryAfterCheck],
];

export interface Row extends Observation {
  item: string;
  spec: string;
  emulatorReading: string;
}

export interface DoctorReport {
  rows: Row[];
  checks: number;
  differ: number;
  broken: number;
}

export function createContext(http: DoctorHttp, options: DoctorOptions): DoctorContext {
  return { http, options, startedAt: http.now(), skewMs: 0, lists: new Map(), cleanups: [] };
}

/**
 * Runs every registered cleanup once (the probe strategy's deletion); never throws. A second
 * call (a signal during the first) waits for the first's deletions before it resolves.
 */
export function runCleanups(ctx: DoctorContext): Promise<void> {
  const cleanups = ctx.cleanups.splice(0);
  const previous = ctx.cleaning ?? Promise.resolve();
  ctx.cleaning = previous.then(async () => {
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (e) {
        ctx.options.log(
          `cleanup failed: ${(e as Error).message}; the next --write-probe sweeps what is left`,
        );
      }
    }
  });
  return ctx.cleaning;
}

async function runDoctor(ctx: DoctorContext): Promise<DoctorReport> {
  const rows: Row[] = [];
  let stopped: string | undefined;
  try {
    for (const group of CHECK_GROUPS) {
      for (const check of group) {
        let observation: Observation;
        if (stopped) observation = { observed: `not checked (${stopped})`, differs: false, breaks: false };
        else {
          try {
            observation = await check.observe(ctx);
          } catch (e) {
            if (e instanceof DoctorStop) {
              stopped = "stopped at an earlier check";
              observation = { observed: e.message, differs: true, breaks: true };
            } else {
              observation = {
                observed: `could not check: ${(e as Error).message}`,
                differs: true,
                breaks: false,
              };
            }
          }
        }
        rows.push({
          item: check.item,
          spec: check.spec,
          emulatorReading: check.emulatorReading,
          ...observation,
        });
      }
      await runCleanups(ctx);
    }
  } finally {
    await runCleanups(ctx);
  }
  // Everything shown passes through the terminal escape; the service's text was redacted already.
  for (const row of rows) row.observed = printableText(ctx.http.redact(row.observed));
  return {
    rows,
    checks: rows.length,
    differ: rows.filter((r) => r.differs).length,
    broken: rows.filter((r) => r.breaks).length,
  };
}

export interface DiagnoseOptions extends Omit<DoctorOptions, "runId"> {
  apiKey: string;
  baseUrl: string;
  runId?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told the context once it exists, so a signal handler can run its cleanups. */
  onContext?(ctx: DoctorContext): void;
}

/** The whole doctor against one service: builds the HTTP access, runs every check, closes. */
export async function diagnose(options: DiagnoseOptions): Promise<DoctorReport> {
  const { DoctorHttp } = await import("./http");
  const { randomBytes } = await import("node:crypto");
  const http = new DoctorHttp({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    log: options.log,
    ...(options.now ? { now: options.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const ctx = createContext(http, {
    writeProbe: options.writeProbe,
    probeRate: options.probeRate,
    runId: options.runId ?? randomBytes(3).toString("hex"),
    log: options.log,
  });
  options.onContext?.(ctx);
  try {
    return await runDoctor(ctx);
  } finally {
    await http.close();
  }
}
