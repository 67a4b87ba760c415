/**
 * One rule for a value a token observation lacks (docs/spec-decisions.md, "Missing token
 * values"): where the spec types a field as number or as string (and not "or null"), every
 * response and webhook payload sends 0 or "" — evaluations, notifications, performance and
 * `notification.dispatched` alike — so a client never meets null where the spec promises a
 * number. `null` appears only where the spec says "or null".
 */
export const numberOr0 = (v: number | null | undefined): number => v ?? 0;
export const textOrEmpty = (v: string | null | undefined): string => v ?? "";
