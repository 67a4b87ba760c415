import { notImplemented } from "../errors";
import type { RouteRegistrar } from "./types";

/**
 * API groups that arrive with emulator part 2 (evaluations, backtests, notifications,
 * performance). They answer 501 after authentication so a client sees a clear message
 * rather than a 404 that looks like a wrong base URL.
 */
const PART_2_ROUTES: [string, string][] = [
  ["GET", "/strategy-evaluations"],
  ["GET", "/backtests"],
  ["POST", "/backtests"],
  ["GET", "/backtests/:id"],
  ["GET", "/backtests/:id/results"],
  ["GET", "/notifications"],
  ["GET", "/notifications/:id"],
  ["GET", "/notifications/performance"],
  ["POST", "/notifications/performance/jobs"],
  ["GET", "/notifications/performance/jobs/:jobId"],
];

export const notYetRoutes: RouteRegistrar = (app) => {
  for (const [method, url] of PART_2_ROUTES) {
    app.route({
      method: method as "GET" | "POST",
      url,
      handler: async () => {
        throw notImplemented(
          `${method} ${url} is not implemented in this emulator yet (arrives with emulator part 2)`,
        );
      },
    });
  }
};
