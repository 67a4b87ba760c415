import type {
  Notification,
  NotificationGetQuery,
  NotificationListQuery,
  NotificationPage,
  PerformanceJobCreated,
  PerformanceJobStatus,
  PerformanceQuery,
  PerformanceSummary,
} from "../model/plain-types";
import { NotificationPageSchema, NotificationSchema } from "../model/schemas/notification";
import {
  PerformanceJobCreatedSchema,
  PerformanceJobStatusSchema,
  PerformanceSummarySchema,
} from "../model/schemas/performance";
import { pageThrough } from "./paginate";
import type { Transport } from "./transport";

/** service-api.md#notifications, service-api.md#performance */
export class NotificationsApi {
  constructor(private readonly transport: Transport) {}

  /** `GET /notifications`: one page. */
  list(query: NotificationListQuery = {}): Promise<NotificationPage> {
    return this.transport.request({
      method: "GET",
      route: "/notifications",
      query,
      schema: NotificationPageSchema,
    });
  }

  /** Every notification matching `query`, starting at `query.page` (default 1). */
  iterate(query: NotificationListQuery = {}): AsyncGenerator<Notification, void, undefined> {
    return pageThrough(
      (page) => this.list({ ...query, page }),
      (p) => p.items,
      (p) => p.page >= p.totalPages,
      query.page ?? 1,
    );
  }

  /** `GET /notifications/:id`, including livePerformance. */
  get(id: string, query: NotificationGetQuery = {}): Promise<Notification> {
    return this.transport.request({
      method: "GET",
      route: "/notifications/:id",
      params: { id },
      query,
      schema: NotificationSchema,
    });
  }

  /** `GET /notifications/performance`: the summary, computed synchronously. */
  performance(query: PerformanceQuery): Promise<PerformanceSummary> {
    return this.transport.request({
      method: "GET",
      route: "/notifications/performance",
      query,
      schema: PerformanceSummarySchema,
    });
  }

  /**
   * `POST /notifications/performance/jobs` (query, no body). Not retried on 5xx/timeout/dropped
   * connection (it would start a second job): AmbiguousWriteError instead.
   */
  createPerformanceJob(query: PerformanceQuery): Promise<PerformanceJobCreated> {
    return this.transport.request({
      method: "POST",
      route: "/notifications/performance/jobs",
      query,
      schema: PerformanceJobCreatedSchema,
    });
  }

  /** `GET /notifications/performance/jobs/:jobId`; `result` is present once completed. */
  getPerformanceJob(jobId: string): Promise<PerformanceJobStatus> {
    return this.transport.request({
      method: "GET",
      route: "/notifications/performance/jobs/:jobId",
      params: { jobId },
      schema: PerformanceJobStatusSchema,
    });
  }
}
