import { effectiveLimits } from "../accounts/plans";
import { noQuery } from "../http/validation";
import { type RouteRegistrar, userOf } from "./types";

/** service-api.md#account: GET /me — plan and the limits in force (control-plane overrides included). */
export const accountRoutes: RouteRegistrar = (app) => {
  app.get("/me", async (req) => {
    const user = userOf(req);
    noQuery(req.query);
    const limits = effectiveLimits(user.plan, user.limits);
    return {
      userId: user.id,
      plan: user.plan,
      limits: {
        strategies: { total: limits.total, active: limits.active },
        rateLimit: { requestsPerMinute: limits.requestsPerMinute },
      },
    };
  });
};
