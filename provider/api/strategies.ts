import type {
  Strategy,
  StrategyInput,
  StrategyListResponse,
  StrategyPatch,
  StrategyUpdated,
  SuccessResponse,
} from "../model/plain-types";
import { SuccessResponseSchema } from "../model/schemas/common";
import {
  StrategyActivityResponseSchema,
  StrategyEnvelopeSchema,
  StrategyListResponseSchema,
  StrategyUpdateResponseSchema,
} from "../model/schemas/strategy-responses";
import type { Transport } from "./transport";

/**
 * service-api.md#strategy-endpoints. Single-object answers are unwrapped from their `{strategy}` envelope; the list
 * keeps its envelope because it carries `activeCount`.
 */
export class StrategiesApi {
  constructor(private readonly transport: Transport) {}

  /** `GET /strategies`. */
  list(): Promise<StrategyListResponse> {
    return this.transport.request({
      method: "GET",
      route: "/strategies",
      schema: StrategyListResponseSchema,
    });
  }

  /**
   * `POST /strategies`. Not retried on 5xx/timeout/dropped connection (it would create a
   * duplicate): those throw AmbiguousWriteError carrying requestSentAt for reconciliation.
   */
  async create(body: StrategyInput): Promise<Strategy> {
    const res = await this.transport.request({
      method: "POST",
      route: "/strategies",
      body,
      schema: StrategyEnvelopeSchema,
    });
    return res.strategy;
  }

  /** `GET /strategies/:id` (the single read has no `isGlobal`). */
  async get(id: string): Promise<Strategy> {
    const res = await this.transport.request({
      method: "GET",
      route: "/strategies/:id",
      params: { id },
      schema: StrategyEnvelopeSchema,
    });
    return res.strategy;
  }

  /** `PATCH /strategies/:id`: returns only the changed/confirmed fields (at least id, isActive). */
  async update(id: string, patch: StrategyPatch): Promise<StrategyUpdated> {
    const res = await this.transport.request({
      method: "PATCH",
      route: "/strategies/:id",
      params: { id },
      body: patch,
      schema: StrategyUpdateResponseSchema,
    });
    return res.strategy;
  }

  /** `POST /strategies/:id/activate`. 403 (ForbiddenError) at the plan's active limit. */
  async activate(id: string): Promise<{ id: string; isActive: boolean }> {
    const res = await this.transport.request({
      method: "POST",
      route: "/strategies/:id/activate",
      params: { id },
      schema: StrategyActivityResponseSchema,
    });
    return res.strategy;
  }

  /** `POST /strategies/:id/deactivate`. */
  async deactivate(id: string): Promise<{ id: string; isActive: boolean }> {
    const res = await this.transport.request({
      method: "POST",
      route: "/strategies/:id/deactivate",
      params: { id },
      schema: StrategyActivityResponseSchema,
    });
    return res.strategy;
  }

  /** `DELETE /strategies/:id`. A repeat answers 404 (NotFoundError); callers treat that as done. */
  delete(id: string): Promise<SuccessResponse> {
    return this.transport.request({
      method: "DELETE",
      route: "/strategies/:id",
      params: { id },
      schema: SuccessResponseSchema,
    });
  }
}
