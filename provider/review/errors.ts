import { StrategyAlertsError } from "../model/errors";

/** The review was asked for something its inputs cannot give, such as backtests without API access. */
export class ReviewOptionsError extends StrategyAlertsError {}

/** The review is being interrupted: no new temporary strategy may be created. */
export class ReviewInterruptedError extends StrategyAlertsError {}
