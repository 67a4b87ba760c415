/**
 * The alias a destroy leaves on a followed developer it deactivates. The API cannot unfollow, and
 * an inactive developer is also what a stack declaring it muted (`active: false`) holds: only this
 * alias, which no declaration may carry (the check refuses it), says that no one holds it. Its own
 * module, so the review (provider/review/same-object.ts) states the same rule from the model.
 */
export const RELEASED_ALIAS = "[released by strategy-alerts]";
