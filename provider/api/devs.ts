import type {
  DevAddBody,
  DevConfirmation,
  DeveloperPage,
  DeveloperRecord,
  DevListQuery,
  DevTagIds,
  DevTagList,
  DevUpdateBody,
} from "../model/plain-types";
import {
  DevConfirmationSchema,
  DeveloperPageSchema,
  DevTagIdsSchema,
  DevTagListSchema,
} from "../model/schemas/developer";
import { pageThrough } from "./paginate";
import type { Transport } from "./transport";

/** service-api.md#followed-developers. `address` is a developer wallet address. */
export class DevsApi {
  constructor(private readonly transport: Transport) {}

  /** `GET /devs/my`: one page of followed developers. */
  list(query: DevListQuery = {}): Promise<DeveloperPage> {
    return this.transport.request({ method: "GET", route: "/devs/my", query, schema: DeveloperPageSchema });
  }

  /** Every followed developer matching `query`, starting at `query.page` (default 1). */
  iterate(query: DevListQuery = {}): AsyncGenerator<DeveloperRecord, void, undefined> {
    return pageThrough(
      (page) => this.list({ ...query, page }),
      (p) => p.developers,
      (p) => p.page >= p.totalPages,
      query.page ?? 1,
    );
  }

  /** `GET /devs/tags`: the user's developer tags. */
  tags(): Promise<DevTagList> {
    return this.transport.request({ method: "GET", route: "/devs/tags", schema: DevTagListSchema });
  }

  /** `GET /devs/:address/tags`. */
  getTags(address: string): Promise<DevTagIds> {
    return this.transport.request({
      method: "GET",
      route: "/devs/:address/tags",
      params: { address },
      schema: DevTagIdsSchema,
    });
  }

  /**
   * `POST /devs/:address/add`. Safe by address, so a 5xx/timeout/dropped connection is retried
   * once; if that fails too the caller reads `list()` to learn whether the address is followed.
   */
  add(address: string, body: DevAddBody = {}): Promise<DevConfirmation> {
    return this.transport.request({
      method: "POST",
      route: "/devs/:address/add",
      params: { address },
      body,
      schema: DevConfirmationSchema,
    });
  }

  /** `PUT /devs/:address/update`. */
  update(address: string, body: DevUpdateBody): Promise<DevConfirmation> {
    return this.transport.request({
      method: "PUT",
      route: "/devs/:address/update",
      params: { address },
      body,
      schema: DevConfirmationSchema,
    });
  }

  /** `PUT /devs/:address/tags`: replaces the assigned set. */
  setTags(address: string, tagIds: readonly string[]): Promise<DevConfirmation> {
    return this.transport.request({
      method: "PUT",
      route: "/devs/:address/tags",
      params: { address },
      body: { tagIds: [...tagIds] },
      schema: DevConfirmationSchema,
    });
  }
}
