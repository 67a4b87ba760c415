/**
 * Every route of the API (service-api.md) with a request that is valid apart from what a test
 * adds, for tests that must cover each route (unknown input, fuzzing). Path parameters are
 * written `:name` and filled from a map of the caller's own resources.
 */
export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** A valid body for routes that take one. */
  body?: Record<string, unknown>;
}

const STRATEGY = {
  name: "Routes",
  triggers: ["new_token_created"],
  rules: [{ rule: "is_honeypot", dealbreaker: true }],
  isActive: false,
};

export const API_ROUTES: ApiRoute[] = [
  { method: "GET", path: "/me" },
  { method: "GET", path: "/strategies" },
  { method: "POST", path: "/strategies", body: STRATEGY },
  { method: "GET", path: "/strategies/:id" },
  { method: "PATCH", path: "/strategies/:id", body: { name: "Renamed" } },
  { method: "POST", path: "/strategies/:id/activate" },
  { method: "POST", path: "/strategies/:id/deactivate" },
  { method: "DELETE", path: "/strategies/:id" },
  { method: "GET", path: "/strategy-evaluations" },
  { method: "GET", path: "/backtests" },
  {
    method: "POST",
    path: "/backtests",
    body: {
      strategyId: ":strategyId",
      from: "2026-01-01T00:00:00Z",
      to: "2026-01-02T00:00:00Z",
      labelDefinition: { threshold: 2 },
      options: {},
    },
  },
  { method: "GET", path: "/backtests/:backtestId" },
  { method: "GET", path: "/backtests/:backtestId/results" },
  { method: "GET", path: "/microblog/handles" },
  { method: "GET", path: "/microblog/tags" },
  { method: "GET", path: "/devs/my" },
  { method: "GET", path: "/devs/tags" },
  { method: "GET", path: "/devs/:address/tags" },
  { method: "POST", path: "/devs/:address/add", body: { alias: "dev" } },
  { method: "PUT", path: "/devs/:address/update", body: { isActive: true } },
  { method: "PUT", path: "/devs/:address/tags", body: { tagIds: [] } },
  { method: "GET", path: "/notifications" },
  { method: "GET", path: "/notifications/:notificationId" },
  { method: "GET", path: "/notifications/performance?strategyId=:strategyId&range=daily" },
  { method: "POST", path: "/notifications/performance/jobs?strategyId=:strategyId&range=daily" },
  { method: "GET", path: "/notifications/performance/jobs/:jobId" },
  { method: "GET", path: "/webhook" },
  { method: "PUT", path: "/webhook", body: { enabled: false } },
];

/** The route's path with each `:name` replaced by `values[name]`. */
export function concretePath(route: ApiRoute, values: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for :${name} in ${route.path}`);
    return encodeURIComponent(v);
  });
}

/** The route's body with `":name"` string values replaced like path parameters. */
export function concreteBody(
  route: ApiRoute,
  values: Record<string, string>,
): Record<string, unknown> | undefined {
  if (!route.body) return undefined;
  return Object.fromEntries(
    Object.entries(route.body).map(([k, v]) => [
      k,
      typeof v === "string" && v.startsWith(":") && values[v.slice(1)] !== undefined ? values[v.slice(1)] : v,
    ]),
  );
}
