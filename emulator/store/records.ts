import type { STRATEGY_KIND } from "../../provider/model/kinds/strategy";
import type { Matching, StrategyField, StrategyInput } from "../../provider/model/strategy";
import type { LimitOverrides, Plan } from "../accounts/plans";

/** Stored shapes. These are the emulator's own records; routes turn them into spec responses. */

export interface UserRecord {
  id: string;
  plan: Plan;
  subscriptionActive: boolean;
  limits: LimitOverrides;
  createdAt: string;
}

export interface TriggerRecord {
  id: string;
  eventType: string;
  enabled: boolean;
}

export interface StoredRule {
  id: string;
  ruleType: string;
  operator: string;
  value: unknown;
  enabled: boolean;
  [extra: string]: unknown;
}

export interface RuleGroupRecord {
  id: string;
  name: string;
  logic: string;
  rules: StoredRule[];
}

type Declared = typeof STRATEGY_KIND.inputs;

/**
 * A declared field as the record holds it: as the validated body gives it, never left out: null
 * where the body may leave it out and the descriptor gives the service no default.
 */
type Stored<F extends StrategyField> =
  | Exclude<StrategyInput[F], undefined>
  | (Declared[F] extends { readonly required: true } | { readonly default: string | number | boolean }
      ? never
      : null);

/**
 * The declared fields stored as the body gives them (a new one is here with no edit), but the
 * triggers and rules, stored in forms of their own, and matching, which the emulator defaults
 * (strategies/input.ts).
 */
type StoredDeclared = { [F in Exclude<StrategyField, "triggers" | "rules" | "matching">]: Stored<F> };

/**
 * A strategy: its declared fields (StoredDeclared; `triggerConfigs` is kept although no GET of
 * the spec returns it, service-api.md#strategy-fields, so the engine and read-back tools can use
 * it), and what the service adds.
 */
export interface StrategyRecord extends StoredDeclared {
  id: string;
  userId: string;
  triggers: TriggerRecord[];
  /** The submitted rule items (after validation), kept so they can be read back exactly. */
  rules: unknown[];
  dealbreakers: StoredRule[];
  ruleGroups: RuleGroupRecord[];
  isActive: boolean;
  isGlobal: boolean;
  matching: Matching;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookRecord {
  /** Stable webhook identifier sent as X-Svc-Webhook-Id. */
  webhookId: string;
  enabled: boolean;
  url: string | null;
  secret: string | null;
  verifiedAt: string | null;
  updatedAt: string;
}

export interface DeveloperRecord {
  address: string;
  alias: string | null;
  isActive: boolean;
  tagIds: string[];
  addedAt: string;
  updatedAt: string;
}

export interface DeveloperTagRecord {
  id: string;
  name: string;
  createdAt: string;
}

export interface MicroblogTagRecord {
  id: string;
  name: string;
  isPlatformTag: boolean;
  createdAt: string;
}

export interface MicroblogHandleRecord {
  id: string;
  handle: string;
  status: "active" | "inactive";
  tagIds: string[];
  addedAt: string;
  lastUpdated: string;
}

// ---- the engine: evaluations, notifications, deliveries, backtests, performance ----

/**
 * One stored evaluation: the service-api.md#strategy-evaluations body plus the keys the list endpoint
 * filters and sorts on.
 */
export interface EvaluationRecord {
  /**
   * Exactly the service-api.md#strategy-evaluations fields; this object is what GET /strategy-evaluations
   * returns.
   */
  view: EvaluationView;
  /** Insertion sequence: the unique, stable tie-breaker of every sort (and of cursors). */
  seq: number;
  /**
   * How long evaluateStrategy took (sortable, never returned: service-api.md#strategy-evaluations lists the
   * fields).
   */
  evaluationTimeMs: number;
  dealbreakerFailed: boolean;
  failedGroupIds: string[];
}

export interface EvaluationView {
  evaluationId: string;
  strategyId: string;
  strategyName: string;
  userId: string;
  tokenAddress: string;
  eventType: string;
  matched: boolean;
  matchDetails: Record<string, unknown> & { matchedGroups: string[] };
  failedRules: unknown[];
  baselineAt: string;
  baselinePrice: number | null;
  baselineMcap: number | null;
  failureReason: string | null;
  marketAtEval: Record<string, unknown> & { liquidityUsd: number | null };
  riskAtEval: Record<string, unknown> & { riskLevel: string | null };
  sourceContext: Record<string, unknown> & { source: string };
  createdAt: string;
  debugTrail: unknown[];
}

export interface NotificationRecord {
  id: string;
  seq: number;
  source: "personal" | "official";
  audienceType: "personal" | "subscribers";
  userId: string;
  strategyId: string;
  strategyName: string;
  channel: "webhook" | "in_app";
  status: "sent";
  triggerEventType: string;
  triggerContext: {
    tokenAddress: string;
    correlationId: string;
    evaluationId: string;
    tokenData: {
      tokenSymbol: string | null;
      tokenName: string | null;
      market: { priceUSD: number | null; mcap: number | null; liquidityUSD: number | null };
    };
  };
  /** Observation time of the token data the alert carried (the performance baseline). */
  baselineAt: string;
  sentAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryRecord {
  id: string;
  seq: number;
  userId: string;
  notificationId: string;
  eventId: string;
  eventType: string;
  url: string;
  webhookId: string;
  status: "pending" | "delivered" | "failed";
  httpStatus: number | null;
  error: string | null;
  durationMs: number | null;
  /** Emulator-clock time the delivery was queued. */
  createdAt: string;
  /** Emulator-clock time the outcome was recorded. */
  completedAt: string | null;
}

export interface SubscriptionRecord {
  userId: string;
  strategyId: string;
  subscribedAt: string;
}

export interface BacktestMetrics {
  tested: number;
  positives: number;
  winnersNow: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface BacktestJobRecord {
  id: string;
  seq: number;
  userId: string;
  status: "QUEUED" | "RUNNING" | "COMPLETED" | "FAILED";
  strategyId: string;
  strategyName: string;
  /** The strategy as it was when the job was created (service-api.md#backtests). */
  strategySnapshot: StrategyRecord;
  from: string;
  to: string;
  /** The window the caller asked for, before clamping. */
  requested: { from: string; to: string };
  labelDefinition: { threshold: number };
  options: { eventType?: string; strictOverride?: boolean };
  metrics: BacktestMetrics | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BacktestRowRecord {
  id: string;
  jobId: string;
  tokenAddress: string;
  evaluationTimestamp: string;
  matched: boolean;
  currentMultiple: number;
  multiples: Record<string, number>;
  mcaps: Record<string, number>;
  matchDetails: Record<string, unknown>;
  snapshot: {
    createdAt: string;
    strategyId: string;
    strategyName: string;
    matched: boolean;
    failureReason: string | null;
  };
}

export interface PerformanceJobRecord {
  jobId: string;
  userId: string;
  strategyId: string;
  range: string;
  /** BullMQ-style queue state: waiting → active → completed. */
  rawState: "waiting" | "active" | "completed";
  totalTokens: number;
  createdAt: string;
  completedAt: string | null;
  result: Record<string, unknown> | null;
}

/** A token observation received through the control plane (kept so --data restores it). */
export interface TokenObservationRecord {
  address: string;
  observedAt: string;
  observation: Record<string, unknown>;
}
