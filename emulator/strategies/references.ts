import type { Issue } from "../http/errors";
import type { Store } from "../store/store";

/**
 * Checks the model cannot make because they need the user's data (service-api.md#triggers): a microblog tag
 * id in a trigger config must be one of the user's microblog tags (or the literal all), a
 * developer tag id one of GET /devs/tags, and developerAddress a followed developer (active or
 * not: following is what the spec requires, and activity can change later).
 */
export function triggerReferenceIssues(
  store: Store,
  userId: string,
  configs: Record<string, unknown> | null | undefined,
): Issue[] {
  if (!configs) return [];
  const issues: Issue[] = [];
  const microblogTags = new Set(store.listMicroblogTags(userId).map((t) => t.id));
  for (const key of ["microblog_mention_direct", "post_metadata_match"]) {
    const tagId = (configs[key] as { tagId?: unknown } | undefined)?.tagId;
    if (typeof tagId === "string" && tagId !== "all" && !microblogTags.has(tagId)) {
      const path = `triggerConfigs.${key}.tagId`;
      issues.push({ path, message: `${path}: unknown microblog tag id ${tagId} (see GET /microblog/tags)` });
    }
  }
  const dev = configs.followed_dev_new_token_created as
    | { tagId?: unknown; developerAddress?: unknown }
    | undefined;
  if (dev && typeof dev.tagId === "string") {
    const known = new Set(store.listDeveloperTags(userId).map((t) => t.id));
    if (!known.has(dev.tagId)) {
      const path = "triggerConfigs.followed_dev_new_token_created.tagId";
      issues.push({ path, message: `${path}: unknown developer tag id ${dev.tagId} (see GET /devs/tags)` });
    }
  }
  if (dev && typeof dev.developerAddress === "string" && !store.getDeveloper(userId, dev.developerAddress)) {
    const path = "triggerConfigs.followed_dev_new_token_created.developerAddress";
    issues.push({
      path,
      message: `${path}: ${dev.developerAddress} is not a followed developer (follow it with POST /devs/:address/add first)`,
    });
  }
  return issues;
}
