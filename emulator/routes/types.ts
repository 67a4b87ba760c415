import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { HttpError } from "../http/errors";
import type { UserRecord } from "../store/records";

export type RouteRegistrar = (app: FastifyInstance, ctx: EmulatorContext) => void;

/** The authenticated user; the API scope's onRequest hook guarantees it is set. */
export function userOf(req: FastifyRequest): UserRecord {
  if (!req.user) throw new HttpError(500, "route registered outside the authenticated API scope");
  return req.user;
}

declare module "fastify" {
  interface FastifyRequest {
    user: UserRecord | null;
  }
}
