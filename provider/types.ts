/**
 * The data shapes of the service and of the model, laid out as Pulumi's provider packages lay out
 * theirs: `sa.types.input.X` for what a program or a client call sends, `sa.types.output.X` for
 * what the service, a resource or a function returns. Resources, their `…Args`, the functions and
 * their options stay at the top level, so `sa.Strategy` (the resource) never clashes with
 * `sa.types.output.Strategy` (a strategy as the service returns it).
 */
export * as input from "./types/input";
export * as output from "./types/output";
