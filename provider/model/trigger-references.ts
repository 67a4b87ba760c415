/**
 * The trigger-config fields that name something of the account (service-api.md#triggers): a
 * microblog tag id (or the literal all), a developer tag id from GET /devs/tags, and a
 * developerAddress that must be a followed developer. Validation cannot judge them: they need the
 * account's data. The service (the emulator) and the preview both read here which fields refer to
 * what and say a miss in the same words, each with its own way on: so the preview refuses exactly
 * what the service would refuse at `up`.
 */
import type { ValidationIssue } from "./validation-issue";

/** What a reference must be one of on the account. */
type ReferenceKind = "microblogTag" | "developerTag" | "followedDeveloper";

export interface TriggerReference {
  kind: ReferenceKind;
  /** `triggerConfigs.<event type>.<field>`. */
  path: string;
  value: string;
}

const MICROBLOG_TAG_TRIGGERS = ["microblog_mention_direct", "post_metadata_match"] as const;
const FOLLOWED_DEV = "followed_dev_new_token_created";

/**
 * Every reference a strategy's trigger configs make, whatever the scope says: a tag id or an
 * address the service stores is checked even where validation has already refused the scope.
 */
export function triggerReferences(configs: unknown): TriggerReference[] {
  if (typeof configs !== "object" || configs === null) return [];
  const bag = configs as Record<string, unknown>;
  const refs: TriggerReference[] = [];
  for (const key of MICROBLOG_TAG_TRIGGERS) {
    const tagId = fieldOf(bag[key], "tagId");
    if (tagId !== undefined && tagId !== "all")
      refs.push({ kind: "microblogTag", path: `triggerConfigs.${key}.tagId`, value: tagId });
  }
  const tagId = fieldOf(bag[FOLLOWED_DEV], "tagId");
  if (tagId !== undefined)
    refs.push({ kind: "developerTag", path: `triggerConfigs.${FOLLOWED_DEV}.tagId`, value: tagId });
  const address = fieldOf(bag[FOLLOWED_DEV], "developerAddress");
  if (address !== undefined)
    refs.push({
      kind: "followedDeveloper",
      path: `triggerConfigs.${FOLLOWED_DEV}.developerAddress`,
      value: address,
    });
  return refs;
}

function fieldOf(config: unknown, field: string): string | undefined {
  if (typeof config !== "object" || config === null) return undefined;
  const value = (config as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

/** What a miss is, in words: the path, the value (as `show` prints it) and what it is not. */
const MISSES: Record<ReferenceKind, (shown: string) => string> = {
  microblogTag: (shown) => `unknown microblog tag id ${shown}`,
  developerTag: (shown) => `unknown developer tag id ${shown}`,
  followedDeveloper: (shown) => `${shown} is not a followed developer`,
};

/**
 * The issues of the references `isKnown` does not find on the account, each naming its path.
 * `wayOn` says what to do about one (the service names its routes, the preview its resources);
 * `show` prints a value (the preview quotes and escapes what a program declared).
 */
export function unknownReferenceIssues(
  refs: readonly TriggerReference[],
  isKnown: (ref: TriggerReference) => boolean,
  wayOn: (ref: TriggerReference) => string,
  show: (value: string) => string = (value) => value,
): ValidationIssue[] {
  return refs
    .filter((ref) => !isKnown(ref))
    .map((ref) => ({
      path: ref.path,
      message: `${ref.path}: ${MISSES[ref.kind](show(ref.value))} (${wayOn(ref)})`,
    }));
}
