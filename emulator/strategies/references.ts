import {
  type TriggerReference,
  triggerReferences,
  unknownReferenceIssues,
} from "../../provider/model/trigger-references";
import type { Issue } from "../http/errors";
import type { Store } from "../store/store";

/** Where a user finds what a reference may name. */
const WAYS_ON: Record<TriggerReference["kind"], string> = {
  microblogTag: "see GET /microblog/tags",
  developerTag: "see GET /devs/tags",
  followedDeveloper: "follow it with POST /devs/:address/add first",
};

/**
 * Checks the model cannot make because they need the user's data (service-api.md#triggers): a microblog tag
 * id in a trigger config must be one of the user's microblog tags (or the literal all), a
 * developer tag id one of GET /devs/tags, and developerAddress a followed developer (active or
 * not: following is what the spec requires, and activity can change later). Which fields refer
 * to what is provider/model/trigger-references.ts, the rule the provider's preview applies too.
 */
export function triggerReferenceIssues(
  store: Store,
  userId: string,
  configs: Record<string, unknown> | null | undefined,
): Issue[] {
  const refs = triggerReferences(configs);
  if (refs.length === 0) return [];
  const has = (kind: TriggerReference["kind"]) => refs.some((r) => r.kind === kind);
  const microblogTags = has("microblogTag")
    ? new Set(store.listMicroblogTags(userId).map((t) => t.id))
    : new Set<string>();
  const developerTags = has("developerTag")
    ? new Set(store.listDeveloperTags(userId).map((t) => t.id))
    : new Set<string>();
  const known = (ref: TriggerReference) => {
    if (ref.kind === "microblogTag") return microblogTags.has(ref.value);
    if (ref.kind === "developerTag") return developerTags.has(ref.value);
    return store.getDeveloper(userId, ref.value) !== undefined;
  };
  return unknownReferenceIssues(refs, known, (ref) => WAYS_ON[ref.kind]);
}
