/**
 * The account pin of a TypeScript stack: one hidden dynamic resource per program that records
 * the account the stack writes to, and the input through which every resource of the program
 * carries it to its create. The dynamic door has no provider state of ours to keep the pin in
 * (the plugin keeps it in its provider's inputs), so a resource of the stack keeps it.
 */

/** The pin's kind, as its provider shell names it to the runtime. */
export const ACCOUNT_PIN_KIND = "AccountPin";

/** The pin's type token, in the family of the kinds' dynamic tokens. */
export const ACCOUNT_PIN_TOKEN = "pulumi-nodejs:dynamic/strategy-alerts:AccountPin";

/** The pin's resource name: one per stack. */
export const ACCOUNT_PIN_NAME = "strategy-alerts-account";

/** The pin's input and output: the account the stack's resources belong to. */
export const ACCOUNT_PIN_OUTPUT = "accountId";

/** The input of every kind resource fed by the pin's output; the kinds' diffs ignore it. */
export const ACCOUNT_PIN_INPUT = "accountPin";
