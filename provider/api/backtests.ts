import type {
  BacktestCreateBody,
  BacktestJob,
  BacktestPage,
  BacktestResultRow,
  BacktestResultsPage,
  BacktestResultsQuery,
} from "../model/plain-types";
import { BacktestJobSchema, BacktestPageSchema, BacktestResultsPageSchema } from "../model/schemas/backtest";
import { pageThrough } from "./paginate";
import type { Transport } from "./transport";

/** service-api.md#backtests */
export class BacktestsApi {
  constructor(private readonly transport: Transport) {}

  /** `GET /backtests?page=` (page size fixed at 20 by the service). */
  list(page?: number): Promise<BacktestPage> {
    return this.transport.request({
      method: "GET",
      route: "/backtests",
      query: { page },
      schema: BacktestPageSchema,
    });
  }

  /** Every backtest job, page after page. */
  iterate(): AsyncGenerator<BacktestJob, void, undefined> {
    return pageThrough(
      (n) => this.list(n),
      (p) => p.items,
      (p) => !p.hasMore,
    );
  }

  /**
   * `POST /backtests`: queues a job (QUEUED). Not retried on 5xx/timeout/dropped connection
   * (a repeat queues another job and spends daily quota): AmbiguousWriteError instead.
   */
  create(body: BacktestCreateBody): Promise<BacktestJob> {
    return this.transport.request({ method: "POST", route: "/backtests", body, schema: BacktestJobSchema });
  }

  /** `GET /backtests/:id`. */
  get(id: string): Promise<BacktestJob> {
    return this.transport.request({
      method: "GET",
      route: "/backtests/:id",
      params: { id },
      schema: BacktestJobSchema,
    });
  }

  /** `GET /backtests/:id/results`: one page of stored rows (matched tokens and missed winners). */
  results(id: string, query: BacktestResultsQuery = {}): Promise<BacktestResultsPage> {
    return this.transport.request({
      method: "GET",
      route: "/backtests/:id/results",
      params: { id },
      query,
      schema: BacktestResultsPageSchema,
    });
  }

  /** Every result row matching `query`, starting at `query.page` (default 1). */
  iterateResults(
    id: string,
    query: BacktestResultsQuery = {},
  ): AsyncGenerator<BacktestResultRow, void, undefined> {
    return pageThrough(
      (page) => this.results(id, { ...query, page }),
      (p) => p.items,
      (p) => !p.hasMore,
      query.page ?? 1,
    );
  }
}
