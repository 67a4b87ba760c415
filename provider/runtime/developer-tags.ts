import { BadRequestError, NotFoundError } from "../api/errors";
import { canonicalStringSet } from "../model/canonical";
import { KINDS, replacedBy } from "../model/kinds";
import { quotedText } from "../model/quoted-text";
import { isUnknown } from "../model/unknown-value";
import type { RuntimeContext } from "./context";
import { operation } from "./errors";
import { addressFailure, idListFailures, type PropertyBag, withoutProvider } from "./inputs";
import type { KindHandler } from "./kind-handler";
import {
  adoptFailure,
  HELD_BY_ANOTHER,
  heldInRun,
  hold,
  leftInPlace,
  noteReadAsWritten,
  objectKey,
  takeOverFailure,
} from "./ownership";

/**
 * The declared tag ids the account has no developer tag of, as the service refuses them at PUT,
 * each naming its index. Read (once per run) only when the set differs from the recorded one,
 * so a preview with no change costs no request.
 */
async function unknownTagFailures(
  ctx: RuntimeContext,
  olds: PropertyBag,
  tagIds: string[],
): Promise<{ property: string; reason: string }[]> {
  const recorded = Array.isArray(olds.tagIds) ? canonicalStringSet(olds.tagIds as string[]) : undefined;
  const wanted = canonicalStringSet(tagIds);
  if (wanted.length === 0) return [];
  if (recorded && recorded.length === wanted.length && recorded.every((id, i) => id === wanted[i])) return [];
  const existing = await ctx.run.developerTagIds();
  return tagIds.flatMap((id, i) =>
    existing.has(id)
      ? []
      : [
          {
            property: `tagIds[${i}]`,
            reason: `tagIds[${i}]: unknown developer tag id ${quotedText(id)}: the account has no such tag (tags are made in the app; the getDeveloperTags lookup lists them)`,
          },
        ],
  );
}

const label = (address: unknown) => `DeveloperTags ${quotedText(String(address))}`;

function tagSet(bag: PropertyBag): string[] {
  return Array.isArray(bag.tagIds) ? canonicalStringSet(bag.tagIds as string[]) : [];
}

/**
 * The tag set of one followed developer; PUT replaces the whole set, so it is idempotent. A
 * developer's tags are held by whoever set them: a non-empty set is taken only with `adopt: true`.
 */
export const developerTagsHandler: KindHandler = {
  async check(ctx, olds, news) {
    const inputs = withoutProvider(news);
    const failures: { property: string; reason: string }[] = [];
    const address = addressFailure(inputs.address, "the followed developer's wallet address");
    if (address) failures.push(address);
    failures.push(...idListFailures(inputs.tagIds, "tagIds", "developer tag id", "uuid"));
    const adopt = adoptFailure(inputs);
    if (adopt) failures.push(adopt);
    if (failures.length > 0) return { inputs, failures };
    const known = Array.isArray(inputs.tagIds) && !inputs.tagIds.some(isUnknown);
    const canonical: PropertyBag = {
      address: inputs.address,
      tagIds: known ? canonicalStringSet(inputs.tagIds) : inputs.tagIds,
    };
    if (inputs.adopt !== undefined) canonical.adopt = inputs.adopt;
    const unknownTags = known
      ? await unknownTagFailures(ctx, withoutProvider(olds), inputs.tagIds as string[])
      : [];
    if (unknownTags.length > 0) return { inputs: canonical, failures: unknownTags };
    if (!isUnknown(canonical.address)) {
      const taken = await takeOverFailure(ctx, withoutProvider(olds), canonical, {
        label: label(canonical.address),
        key: objectKey.tags(canonical.address),
        pluginToken: KINDS.DeveloperTags.pluginToken,
        importId: canonical.address,
        held: async () => {
          // An address the service refuses holds nothing: the create reports the service's reason.
          const held = await currentTags(ctx, canonical.address).catch((err: unknown) => {
            if (err instanceof BadRequestError) return undefined;
            throw err;
          });
          return held && held.length > 0
            ? `${held.length} ${held.length === 1 ? "tag" : "tags"} assigned`
            : undefined;
        },
      });
      if (taken) return { inputs: canonical, failures: [taken] };
    }
    return { inputs: canonical };
  },

  async diff(ctx, _id, olds, news) {
    await hold(ctx, objectKey.tags(String(news.address)));
    const replaces = replacedBy("DeveloperTags", olds, news);
    const changes = replaces.length > 0 || JSON.stringify(tagSet(olds)) !== JSON.stringify(tagSet(news));
    return { changes, replaces };
  },

  async create(ctx, inputs) {
    const address = inputs.address as string;
    const tagIds = tagSet(inputs);
    await hold(ctx, objectKey.tags(address));
    return operation(label(address), "create", async () => {
      // Adopting a developer whose tags are already the declared set writes nothing.
      if (JSON.stringify(await currentTags(ctx, address)) !== JSON.stringify(tagIds))
        await ctx.client().devs.setTags(address, tagIds);
      return { id: address, outs: { address, tagIds } };
    });
  },

  async read(ctx, id, props) {
    return operation(label(id), "refresh", async () => {
      const tagIds = await currentTags(ctx, id);
      if (tagIds === undefined) return {};
      // The set this resource assigned, read back: the stack holds it (a rename under --refresh).
      if (Array.isArray(props?.tagIds) && sameSet(tagIds, tagSet(props)))
        await noteReadAsWritten(ctx, objectKey.tags(id));
      const inputs = { address: id, tagIds };
      return { id, props: inputs, inputs };
    });
  },

  async update(ctx, id, _olds, news) {
    const tagIds = tagSet(news);
    await hold(ctx, objectKey.tags(id));
    return operation(label(id), "update", async () => {
      await ctx.client().devs.setTags(id, tagIds);
      return { outs: { address: id, tagIds } };
    });
  },

  // The empty set, while the set is still what this resource wrote: the developer stays followed.
  async delete(ctx, id, props) {
    const wrote = tagSet(props);
    await operation(label(id), "delete", async () => {
      if (await heldInRun(ctx, objectKey.tags(id))) return leftInPlace(label(id), HELD_BY_ANOTHER);
      const live = await currentTags(ctx, id);
      if (!live || live.length === 0) return;
      if (!sameSet(live, wrote))
        return leftInPlace(
          label(id),
          `its tags are no longer the ${wrote.length} this resource assigned: the service now holds ${live.length} other tags, set by someone else`,
        );
      try {
        await ctx.client().devs.setTags(id, []);
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
    });
  },
};

/** Two canonical tag sets (sorted, no duplicates) are the same set. */
function sameSet(a: string[], b: string[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

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
