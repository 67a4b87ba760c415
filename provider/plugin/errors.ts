import { StrategyAlertsError } from "../model/errors";

/**
 * The installed package is inconsistent with itself (a packaging or build defect, not a mistake
 * in a program): the message names what is missing.
 */
export class PackageDefectError extends StrategyAlertsError {}
