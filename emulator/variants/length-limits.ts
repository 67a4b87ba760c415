import type { Issue } from "../http/errors";

/**
 * Variant `length-limits`: tighter limits than the default reading (name 100, rules 50,
 * triggers 6), as a real service may enforce them. Answered with a 400 naming the field.
 */
export const VARIANT_LENGTH_LIMITS = { name: 64, description: 500, rules: 30, triggers: 5 } as const;

export function lengthLimitIssues(input: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  const { name, description, rules, triggers } = input;
  const L = VARIANT_LENGTH_LIMITS;
  if (typeof name === "string" && name.length > L.name)
    issues.push({ path: "name", message: `name must be at most ${L.name} characters long` });
  if (typeof description === "string" && description.length > L.description)
    issues.push({
      path: "description",
      message: `description must be at most ${L.description} characters long`,
    });
  if (Array.isArray(rules) && rules.length > L.rules)
    issues.push({ path: "rules", message: `rules must contain at most ${L.rules} elements` });
  if (Array.isArray(triggers) && triggers.length > L.triggers)
    issues.push({ path: "triggers", message: `triggers must contain at most ${L.triggers} elements` });
  return issues;
}
