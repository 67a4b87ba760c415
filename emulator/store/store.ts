import { hashApiKey } from "../ids";
import { DocumentDb } from "./database";
import type {
  BacktestJobRecord,
  BacktestRowRecord,
  DeliveryRecord,
  DeveloperRecord,
  DeveloperTagRecord,
  EvaluationRecord,
  MicroblogHandleRecord,
  MicroblogTagRecord,
  NotificationRecord,
  PerformanceJobRecord,
  StrategyRecord,
  SubscriptionRecord,
  TokenObservationRecord,
  UserRecord,
  WebhookRecord,
} from "./records";

const scoped = (userId: string, id: string) => `${userId}:${id}`;

/**
 * Typed access to the emulator's state, one method group per resource. Every method commits
 * before it returns; routes call them synchronously, so nothing is acknowledged unwritten.
 */
export class Store {
  readonly db: DocumentDb;

  constructor(file?: string) {
    this.db = new DocumentDb(file);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn);
  }

  // users
  putUser(user: UserRecord, apiKey?: string): void {
    const existingLookup = apiKey === undefined ? this.userKeyHash(user.id) : hashApiKey(apiKey);
    this.db.put("user", user.id, { ...user, keyHash: existingLookup }, { lookup: existingLookup });
  }
  private userKeyHash(userId: string): string | undefined {
    return this.db.get<UserRecord & { keyHash?: string }>("user", userId)?.keyHash;
  }
  getUser(id: string): UserRecord | undefined {
    return strip(this.db.get<UserRecord & { keyHash?: string }>("user", id));
  }
  userByApiKey(apiKey: string): UserRecord | undefined {
    return strip(this.db.findByLookup<UserRecord & { keyHash?: string }>("user", hashApiKey(apiKey)));
  }
  listUsers(): UserRecord[] {
    return this.db.list<UserRecord & { keyHash?: string }>("user").map((u) => strip(u)!);
  }

  // strategies
  putStrategy(s: StrategyRecord): void {
    this.db.put("strategy", s.id, s, { userId: s.userId });
  }
  getStrategy(id: string): StrategyRecord | undefined {
    return this.db.get<StrategyRecord>("strategy", id);
  }
  listStrategies(userId: string): StrategyRecord[] {
    return this.db.list<StrategyRecord>("strategy", userId);
  }
  deleteStrategy(id: string): boolean {
    return this.db.delete("strategy", id);
  }

  // webhook (one per user)
  getWebhook(userId: string): WebhookRecord | undefined {
    return this.db.get<WebhookRecord>("webhook", userId);
  }
  putWebhook(userId: string, w: WebhookRecord): void {
    this.db.put("webhook", userId, w, { userId });
  }

  // followed developers
  getDeveloper(userId: string, address: string): DeveloperRecord | undefined {
    return this.db.get<DeveloperRecord>("dev", scoped(userId, address));
  }
  putDeveloper(userId: string, d: DeveloperRecord): void {
    this.db.put("dev", scoped(userId, d.address), d, { userId });
  }
  listDevelopers(userId: string): DeveloperRecord[] {
    return this.db.list<DeveloperRecord>("dev", userId);
  }

  // developer tags
  putDeveloperTag(userId: string, t: DeveloperTagRecord): void {
    this.db.put("devtag", scoped(userId, t.id), t, { userId });
  }
  listDeveloperTags(userId: string): DeveloperTagRecord[] {
    return this.db.list<DeveloperTagRecord>("devtag", userId);
  }

  // microblog (read-only through the API; seeded per user)
  putMicroblogTag(userId: string, t: MicroblogTagRecord): void {
    this.db.put("mbtag", scoped(userId, t.id), t, { userId });
  }
  listMicroblogTags(userId: string): MicroblogTagRecord[] {
    return this.db.list<MicroblogTagRecord>("mbtag", userId);
  }
  putMicroblogHandle(userId: string, h: MicroblogHandleRecord): void {
    this.db.put("mbhandle", scoped(userId, h.id), h, { userId });
  }
  listMicroblogHandles(userId: string): MicroblogHandleRecord[] {
    return this.db.list<MicroblogHandleRecord>("mbhandle", userId);
  }

  /** A monotonic counter kept in the database (orders evaluations, notifications, jobs). */
  nextSeq(): number {
    return this.transaction(() => {
      const n = Number(this.getMeta("seq") ?? 0) + 1;
      this.setMeta("seq", String(n));
      return n;
    });
  }

  // all strategies (the engine evaluates every user's)
  listAllStrategies(): StrategyRecord[] {
    return this.db.list<StrategyRecord>("strategy");
  }

  // token observations received through the control plane
  putTokenObservation(t: TokenObservationRecord): void {
    this.db.put("tokobs", `${t.address}@${t.observedAt}`, t, { lookup: t.address });
  }
  listTokenObservations(): TokenObservationRecord[] {
    return this.db.list<TokenObservationRecord>("tokobs");
  }

  // evaluations (service-api.md#strategy-evaluations)
  putEvaluation(e: EvaluationRecord): void {
    this.db.put("evaluation", e.view.evaluationId, e, { userId: e.view.userId });
  }
  listEvaluations(userId: string): EvaluationRecord[] {
    return this.db.list<EvaluationRecord>("evaluation", userId);
  }
  deleteEvaluation(id: string): void {
    this.db.delete("evaluation", id);
  }

  // notifications (service-api.md#notifications); lookup = strategy id, so official alerts are found by
  // strategy
  putNotification(n: NotificationRecord): void {
    this.db.put("notification", n.id, n, { userId: n.userId, lookup: n.strategyId });
  }
  getNotification(id: string): NotificationRecord | undefined {
    return this.db.get<NotificationRecord>("notification", id);
  }
  listNotifications(userId: string): NotificationRecord[] {
    return this.db.list<NotificationRecord>("notification", userId);
  }
  listNotificationsOfStrategy(strategyId: string): NotificationRecord[] {
    return this.db.listByLookup<NotificationRecord>("notification", strategyId);
  }

  // webhook deliveries of notifications
  putDelivery(d: DeliveryRecord): void {
    this.db.put("delivery", d.id, d, { userId: d.userId });
  }
  getDelivery(id: string): DeliveryRecord | undefined {
    return this.db.get<DeliveryRecord>("delivery", id);
  }
  listDeliveries(userId?: string): DeliveryRecord[] {
    return this.db.list<DeliveryRecord>("delivery", userId);
  }

  // subscriptions to official strategies
  putSubscription(s: SubscriptionRecord): void {
    this.db.put("subscription", scoped(s.userId, s.strategyId), s, { userId: s.userId });
  }
  listSubscriptions(userId: string): SubscriptionRecord[] {
    return this.db.list<SubscriptionRecord>("subscription", userId);
  }

  // backtests (service-api.md#backtests)
  putBacktest(j: BacktestJobRecord): void {
    this.db.put("backtest", j.id, j, { userId: j.userId });
  }
  getBacktest(id: string): BacktestJobRecord | undefined {
    return this.db.get<BacktestJobRecord>("backtest", id);
  }
  listBacktests(userId?: string): BacktestJobRecord[] {
    return this.db.list<BacktestJobRecord>("backtest", userId);
  }
  putBacktestRow(r: BacktestRowRecord): void {
    this.db.put("btrow", r.id, r, { lookup: r.jobId });
  }
  listBacktestRows(jobId: string): BacktestRowRecord[] {
    return this.db.listByLookup<BacktestRowRecord>("btrow", jobId);
  }

  // performance jobs (service-api.md#performance)
  putPerformanceJob(j: PerformanceJobRecord): void {
    this.db.put("perfjob", j.jobId, j, { userId: j.userId });
  }
  getPerformanceJob(id: string): PerformanceJobRecord | undefined {
    return this.db.get<PerformanceJobRecord>("perfjob", id);
  }
  listPerformanceJobs(): PerformanceJobRecord[] {
    return this.db.list<PerformanceJobRecord>("perfjob");
  }

  // emulator metadata (clock offset, …)
  getMeta(key: string): string | undefined {
    return this.db.getMeta(key);
  }
  setMeta(key: string, value: string): void {
    this.db.setMeta(key, value);
  }

  clear(): void {
    this.db.clear();
  }

  close(): void {
    this.db.close();
  }
}

function strip(u: (UserRecord & { keyHash?: string }) | undefined): UserRecord | undefined {
  if (!u) return undefined;
  const { keyHash: _omit, ...rest } = u;
  return rest;
}
