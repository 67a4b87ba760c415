/** Minimal valid service answers, per service-api.md. */
export const IDS = {
  user: "7b0f8c5e-1d2a-4c3b-9e4f-5a6b7c8d9e01",
  strategy: "3f9a1b2c-4d5e-4f60-8a7b-9c0d1e2f3a4b",
  job: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  notification: "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  tag: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
  evaluation: "9d8c7b6a-5f4e-4d3c-b2a1-0f9e8d7c6b5a",
};

export const TS = "2026-04-01T00:00:00.000Z";

export const account = (requestsPerMinute = 60) => ({
  userId: IDS.user,
  plan: "PRO",
  limits: { strategies: { total: null, active: 25 }, rateLimit: { requestsPerMinute } },
});

export const strategy = (over: Record<string, unknown> = {}) => ({
  id: IDS.strategy,
  name: "Fresh launches",
  description: null,
  userId: IDS.user,
  triggers: [{ id: "trg-1", eventType: "new_token_created", enabled: true }],
  dealbreakers: [{ id: "db-1", ruleType: "is_honeypot", operator: "is", value: false, enabled: true }],
  ruleGroups: [],
  strict: false,
  alertCooldownMins: 0,
  isActive: false,
  isGlobal: false,
  createdAt: TS,
  updatedAt: TS,
  ...over,
});

export const evaluation = (n = 0) => ({
  evaluationId: `${IDS.evaluation.slice(0, -2)}${String(n).padStart(2, "0")}`,
  strategyId: IDS.strategy,
  strategyName: "Fresh launches",
  userId: IDS.user,
  tokenAddress: `Token${n}`,
  eventType: "new_token_created",
  matched: n % 2 === 0,
  matchDetails: { matchedGroups: ["security"] },
  failedRules: [],
  baselineAt: TS,
  baselinePrice: 0.001,
  baselineMcap: 12000,
  failureReason: null,
  marketAtEval: { liquidityUsd: 5000 },
  riskAtEval: { riskLevel: "LOW" },
  sourceContext: { source: "stream" },
  createdAt: TS,
  debugTrail: [],
});

export const backtestJob = (over: Record<string, unknown> = {}) => ({
  id: IDS.job,
  status: "QUEUED",
  strategyId: IDS.strategy,
  from: TS,
  to: "2026-04-02T00:00:00.000Z",
  labelDefinition: { threshold: 2 },
  options: {},
  ...over,
});

export const resultRow = (n = 0) => ({
  id: `row-${n}`,
  jobId: IDS.job,
  tokenAddress: `Token${n}`,
  evaluationTimestamp: TS,
  matched: true,
  currentMultiple: 2.5,
  multiples: { "0": 1, "1": 2.5 },
  mcaps: { "0": 10000, "1": 25000 },
  matchDetails: {},
  snapshot: {
    createdAt: TS,
    strategyId: IDS.strategy,
    strategyName: "Fresh launches",
    matched: true,
    failureReason: null,
  },
});

export const notification = (over: Record<string, unknown> = {}) => ({
  id: IDS.notification,
  source: "personal",
  audienceType: "personal",
  userId: IDS.user,
  strategyId: IDS.strategy,
  channel: "messenger",
  status: "sent",
  triggerEventType: "new_token_created",
  triggerContext: {
    tokenAddress: "Token0",
    tokenData: { tokenSymbol: "TKN", market: { priceUSD: 0.01, mcap: 10000 } },
  },
  sentAt: TS,
  createdAt: TS,
  updatedAt: TS,
  ...over,
});

export const summary = () => ({
  overall: { totalCalls: 3, winners: 1, winRate: 1 / 3, avgAthMultiple: 1.5, bestAthMultiple: 3 },
  buckets: [
    { label: "<1x", min: 0, max: 1, count: 1 },
    { label: "10x+", min: 10, max: null, count: 0 },
  ],
  topTokens: [
    {
      tokenAddress: "Token0",
      tokenSymbol: "TKN",
      tokenName: "Token",
      alertMcap: 10000,
      currentMcap: 20000,
      athMcap: 30000,
      athMultiple: 3,
    },
  ],
});

export const developer = (address: string) => ({
  address,
  alias: "builder",
  isActive: true,
  addedAt: TS,
  tagIds: [],
});
