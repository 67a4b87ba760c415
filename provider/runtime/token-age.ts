import { printableText } from "../model/printable-text";
import type { Strategy } from "../model/strategy";

/**
 * service-api.md#versioning: token_age moved from hours to minutes on this day; stored values were not
 * migrated.
 */
const TOKEN_AGE_UNIT_CHANGE = "2026-03-11T00:00:00.000Z";

/** A threshold this small on a pre-change strategy reads as hours (up to a week). */
const HOURS_LIKE_MAX = 168;

/**
 * Warnings for token_age thresholds that look like hours: saved before the unit change and no
 * larger than a week's worth of hours. Such a value was meant in hours but is now evaluated in
 * minutes (a "max 24" meant a day and now means 24 minutes). A value re-declared in minutes
 * (say 1440) does not warn.
 */
export function tokenAgeWarnings(strategy: Strategy): string[] {
  if (Date.parse(strategy.createdAt) >= Date.parse(TOKEN_AGE_UNIT_CHANGE)) return [];
  const stored = [...strategy.dealbreakers, ...strategy.ruleGroups.flatMap((g) => g.rules)];
  return stored
    .filter((r) => r.ruleType === "token_age" && typeof r.value === "number" && r.value <= HOURS_LIKE_MAX)
    .map(
      (r) =>
        `strategy-alerts: warning: strategy "${printableText(strategy.name)}" (${printableText(strategy.id)}) was created before ${TOKEN_AGE_UNIT_CHANGE.slice(0, 10)} ` +
        `and stores token_age ${r.operator} ${r.value}; token_age was then in hours and is now evaluated in minutes, ` +
        `so this threshold likely means ${r.value} hours = ${Number(r.value) * 60} minutes. Declare the value in minutes.`,
    );
}
