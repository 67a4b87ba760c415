/** The pure domain model: schemas, rule catalog, validation, canonical form and rule mapping. */
export * from "./canonical";
export * from "./evaluate";
export * from "./rule-catalog";
export * from "./rule-fields";
export * from "./rule-items";
export * from "./rule-mapping";
export * from "./strategy";
export * from "./strategy-limits";
export * from "./strategy-validation-error";
export * from "./token";
export * from "./triggers";
export * from "./validate-strategy";
export type { ValidationIssue } from "./validation-issue";
