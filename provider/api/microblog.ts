import type {
  MicroblogHandleList,
  MicroblogHandlesQuery,
  MicroblogTagList,
  MicroblogTagsQuery,
} from "../model/plain-types";
import { MicroblogHandleListSchema, MicroblogTagListSchema } from "../model/schemas/microblog";
import type { Transport } from "./transport";

/** service-api.md#microblog-handles-and-tags (read-only). */
export class MicroblogApi {
  constructor(private readonly transport: Transport) {}

  /** `GET /microblog/handles`. */
  handles(query: MicroblogHandlesQuery = {}): Promise<MicroblogHandleList> {
    return this.transport.request({
      method: "GET",
      route: "/microblog/handles",
      query,
      schema: MicroblogHandleListSchema,
    });
  }

  /** `GET /microblog/tags`. */
  tags(query: MicroblogTagsQuery = {}): Promise<MicroblogTagList> {
    return this.transport.request({
      method: "GET",
      route: "/microblog/tags",
      query,
      schema: MicroblogTagListSchema,
    });
  }
}
