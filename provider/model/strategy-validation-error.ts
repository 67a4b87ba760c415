import { StrategyAlertsError } from "./errors";
import type { ValidationIssue } from "./validation-issue";

/** The issues a message lists; a body of 10,000 bad rules still makes a message of a few lines. */
const LISTED_ISSUES = 20;

/** Thrown by assertValidStrategyInput; its message lists the first issues, `issues` holds all. */
export class StrategyValidationError extends StrategyAlertsError {
  override readonly name = "StrategyValidationError";
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[]) {
    const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
    const listed = issues.slice(0, LISTED_ISSUES).map((i) => `  - ${i.message}`);
    if (issues.length > LISTED_ISSUES) listed.push(`  - … and ${issues.length - LISTED_ISSUES} more`);
    super(`Invalid strategy (${count}):\n${listed.join("\n")}`);
    this.issues = issues;
  }
}
