import { NotFoundError } from "../api/errors";
import { canonicalStringSet } from "../model/canonical";
import { replacedBy } from "../model/kinds";
import { quotedText } from "../model/quoted-text";
import { isUnknown } from "../model/unknown-value";
import type { RuntimeContext } from "./context";
import { operation } from "./errors";
import { addressFailure, idListFailures, type PropertyBag, withoutProvider } from "./inputs";
import type { KindHandler } from "./kind-handler";

const label = (address: unknown) => `DeveloperTags ${quotedText(String(address))}`;

function tagSet(bag: PropertyBag): string[] {
  return Array.isArray(bag.tagIds) ? canonicalStringSet(bag.tagIds as string[]) : [];
}

/** The tag set of one followed developer; PUT replaces the whole set, so it is idempotent. */
export const developerTagsHandler: KindHandler = {
  async check(_ctx, _olds, news) {
    const inputs = withoutProvider(news);
    const failures: { property: string; reason: string }[] = [];
    const address = addressFailure(inputs.address, "the followed developer's wallet address");
    if (address) failures.push(address);
    failures.push(...idListFailures(inputs.tagIds, "tagIds", "developer tag id"));
    if (failures.length > 0) return { inputs, failures };
    const known = Array.isArray(inputs.tagIds) && !inputs.tagIds.some(isUnknown);
    return {
      inputs: { address: inputs.address, tagIds: known ? canonicalStringSet(inputs.tagIds) : inputs.tagIds },
    };
  },

  async diff(_ctx, _id, olds, news) {
    const replaces = replacedBy("DeveloperTags", olds, news);
    const changes = replaces.length > 0 || JSON.stringify(tagSet(olds)) !== JSON.stringify(tagSet(news));
    return { changes, replaces };
  },

  async create(ctx, inputs) {
    const address = inputs.address as string;
    const tagIds = tagSet(inputs);
    return operation(label(address), "create", async () => {
      // Adopting a developer whose tags are already the declared set writes nothing.
      if (JSON.stringify(await currentTags(ctx, address)) !== JSON.stringify(tagIds))
        await ctx.client().devs.setTags(address, tagIds);
      return { id: address, outs: { address, tagIds } };
    });
  },

  async read(ctx, id) {
    return operation(label(id), "refresh", async () => {
      const tagIds = await currentTags(ctx, id);
      if (tagIds === undefined) return {};
      const inputs = { address: id, tagIds };
      return { id, props: inputs, inputs };
    });
  },

  async update(ctx, id, _olds, news) {
    const tagIds = tagSet(news);
    return operation(label(id), "update", async () => {
      await ctx.client().devs.setTags(id, tagIds);
      return { outs: { address: id, tagIds } };
    });
  },

  // The empty set: the developer keeps being followed, without tags.
  async delete(ctx, id) {
    await operation(label(id), "delete", async () => {
      try {
        await ctx.client().devs.setTags(id, []);
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
    });
  },
};

/** The developer's tag set now, or undefined when it cannot be read (the PUT then says why). */
/**
 * The developer's tags, canonical; undefined when the address is not followed. The run's one
 * developer listing carries every record's tagIds (docs/spec-decisions.md), so many DeveloperTags
 * cost that one listing, not a GET per address; the single read is for a record without them.
 */
async function currentTags(ctx: RuntimeContext, address: string): Promise<string[] | undefined> {
  const listed = (await ctx.run.developers()).get(address)?.tagIds;
  if (listed) return canonicalStringSet(listed);
  try {
    return canonicalStringSet((await ctx.client().devs.getTags(address)).tagIds);
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}
