import { StrategyAlertsError } from "../model/errors";

/**
 * The installed package is inconsistent with itself (a packaging or build defect, not a mistake
 * in a program): the message names what is missing.
 */
export class PackageDefectError extends StrategyAlertsError {}

/** Bytes from the engine that are not a well-formed message of the expected type. */
export class WireDecodingError extends StrategyAlertsError {
  constructor(what: string, at: number) {
    super(`malformed protobuf message from the engine: ${what} at byte ${at}`);
  }
}
