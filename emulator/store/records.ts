import type { LimitOverrides, Plan } from "../plans";

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

export interface StrategyRecord {
  id: string;
  userId: string;
  name: string;
  description: string | null;
  triggers: TriggerRecord[];
  /** Kept although no GET returns it (spec 2.2), so part 2's engine and read-back tools can use it. */
  triggerConfigs: Record<string, unknown> | null;
  /** The submitted rule items (after validation), kept so they can be read back exactly. */
  rules: unknown[];
  dealbreakers: StoredRule[];
  ruleGroups: RuleGroupRecord[];
  strict: boolean;
  alertCooldownMins: number;
  isActive: boolean;
  isGlobal: boolean;
  matching: { enabled: boolean; minPercent: number };
  retryPolicy: Record<string, unknown> | null;
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
