import { ACCOUNT_ID_OUTPUT, type InputField, type OutputField, tokensOf } from "./kind-descriptor";

export const STRATEGY_ACTIVATION_KIND = {
  ...tokensOf("StrategyActivation"),
  description:
    "The active set of a stack (use one per stack). Its preview fails, naming plan, limit and counts, when the set plus the strategies active outside it exceed the plan's active limit; its update deactivates before it activates, so moving activity at the limit works in one up.",
  heading: "Activation",
  inputs: {
    strategyIds: {
      description: "The strategies that must be active: a set (order and duplicates are not changes).",
      type: "strings",
      required: true,
      set: "strings",
      checked: "count",
    },
    exclusive: {
      description:
        "false (default): active strategies outside the set are left alone, and a strategy leaving the set is deactivated only if this resource activated it. true: every other active strategy of the account is deactivated, including strategies that other stacks, the app or people activated.",
      type: "boolean",
      default: false,
      alwaysOutput: true,
      checked: true,
    },
  } satisfies Record<string, InputField>,
  outputs: {
    activeStrategyIds: {
      description: "The strategies this resource keeps active, sorted.",
      type: "strings",
      alwaysOutput: true,
    },
    activatedIds: {
      description:
        "The strategies of the set that this resource turned active itself (found inactive and activated), sorted: only these are deactivated when they leave the set or the resource is deleted. A strategy it found active (another stack's, the app's) stays active then, unless exclusive is true.",
      type: "strings",
      alwaysOutput: true,
    },
    accountId: ACCOUNT_ID_OUTPUT,
  } satisfies Record<string, OutputField>,
  importId: { fixed: "active-strategies", words: "any id; `active-strategies` by convention" },
  programOutputs: ["activeStrategyIds"],
} as const;
