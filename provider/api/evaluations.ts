import type { Evaluation, EvaluationPage, EvaluationQuery } from "../model/plain-types";
import { EvaluationPageSchema } from "../model/schemas/evaluation";
import type { Transport } from "./transport";

/** service-api.md#strategy-evaluations */
export class EvaluationsApi {
  constructor(private readonly transport: Transport) {}

  /** `GET /strategy-evaluations`: one page. */
  list(query: EvaluationQuery = {}): Promise<EvaluationPage> {
    return this.transport.request({
      method: "GET",
      route: "/strategy-evaluations",
      query,
      schema: EvaluationPageSchema,
    });
  }

  /**
   * Every evaluation matching `query`, following `nextCursor`. The cursor is sent with the same
   * filters and sort (the service rejects a cursor reused with other filters); `page` is
   * dropped after the first request because the cursor supersedes it.
   */
  async *iterate(query: EvaluationQuery = {}): AsyncGenerator<Evaluation, void, undefined> {
    let page = await this.list(query);
    const { page: _first, cursor: _cursor, ...filters } = query;
    for (;;) {
      yield* page.items;
      if (!page.hasMore || !page.nextCursor || page.items.length === 0) return;
      page = await this.list({ ...filters, cursor: page.nextCursor });
    }
  }
}
