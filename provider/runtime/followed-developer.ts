import { ConflictError, NotFoundError } from "../api/errors";
import { aliasIssue } from "../model/identifiers";
import { KINDS, replacedBy } from "../model/kinds";
import { plainTextIssue } from "../model/plain-text";
import { quotedText } from "../model/quoted-text";
import { RELEASED_ALIAS } from "../model/released-developer";
import type { DevConfirmation, DeveloperRecord, DevUpdateBody } from "../model/schemas/developer";
import { isUnknown } from "../model/unknown-value";
import { describeValue } from "../model/validation-issue";
import type { RuntimeContext } from "./context";
import { InvalidInputError, initFailure, messageOf, operation, ServiceStateError } from "./errors";
import { addressFailure, type PropertyBag, withoutProvider } from "./inputs";
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
import { noteFollowDeclared } from "./strategy-references";

interface Declared {
  address: string;
  alias?: string;
  active: boolean;
}

function declared(bag: PropertyBag): Declared {
  const d: Declared = { address: bag.address, active: bag.active !== false };
  if (typeof bag.alias === "string") d.alias = bag.alias;
  return d;
}

const label = (address: unknown) => `FollowedDeveloper ${quotedText(String(address))}`;

export { RELEASED_ALIAS };

/**
 * Whether no one holds the developer: not followed, or exactly what a destroy leaves (inactive,
 * the released alias, no tags). A listing that leaves a field out says nothing of it, so such a
 * developer is held: only a record that shows all three is free.
 */
function isFree(record: DeveloperRecord | undefined): boolean {
  return (
    record === undefined ||
    (record.isActive === false && record.alias === RELEASED_ALIAS && record.tagIds?.length === 0)
  );
}

/** The released state, as a destroy leaves it. */
function isReleased(record: DeveloperRecord): boolean {
  return record.isActive === false && record.alias === RELEASED_ALIAS;
}

/**
 * A followed developer wallet. The API cannot unfollow, so delete deactivates it and sets the
 * released alias, and a later create of the same address follows it again; any other developer
 * (active, muted, with tags, or shown without those fields) is taken only with `adopt: true`.
 */
export const followedDeveloperHandler: KindHandler = {
  async check(ctx, olds, news) {
    const inputs = withoutProvider(news);
    const failures: { property: string; reason: string }[] = [];
    const address = addressFailure(inputs.address, "the developer's wallet address");
    if (address) failures.push(address);
    if (inputs.alias !== undefined && typeof inputs.alias !== "string" && !isUnknown(inputs.alias)) {
      failures.push({
        property: "alias",
        reason: `alias must be a string, got ${describeValue(inputs.alias)}`,
      });
    } else if (typeof inputs.alias === "string" && !isUnknown(inputs.alias)) {
      const issue =
        plainTextIssue(inputs.alias, { path: "alias", allowLineBreaks: false })?.message ??
        aliasIssue(inputs.alias);
      if (issue) failures.push({ property: "alias", reason: issue });
      else if (inputs.alias.trim() === RELEASED_ALIAS)
        failures.push({
          property: "alias",
          reason: `alias ${quotedText(RELEASED_ALIAS)} is what a destroy leaves on a developer no stack holds; choose another alias`,
        });
    }
    if (inputs.active !== undefined && typeof inputs.active !== "boolean" && !isUnknown(inputs.active)) {
      failures.push({
        property: "active",
        reason: `active must be a boolean, got ${describeValue(inputs.active)}`,
      });
    }
    const adopt = adoptFailure(inputs);
    if (adopt) failures.push(adopt);
    if (failures.length > 0) return { inputs, failures };
    const canonical: PropertyBag = { address: inputs.address, active: inputs.active !== false };
    if (inputs.alias !== undefined) canonical.alias = inputs.alias;
    if (inputs.adopt !== undefined) canonical.adopt = inputs.adopt;
    if (!isUnknown(canonical.address)) {
      const taken = await takeOverFailure(ctx, withoutProvider(olds), canonical, {
        label: label(canonical.address),
        key: objectKey.developer(canonical.address),
        pluginToken: KINDS.FollowedDeveloper.pluginToken,
        importId: canonical.address,
        held: async () => {
          const record = (await ctx.run.developers()).get(canonical.address);
          return isFree(record) ? undefined : describe(record!);
        },
      });
      if (taken) return { inputs: canonical, failures: [taken] };
      // A strategy of this run may name a new follow before its create (strategy-references.ts);
      // an existing one is on the account already (the API cannot unfollow).
      if (Object.keys(withoutProvider(olds)).length === 0) await noteFollowDeclared(ctx, canonical.address);
    }
    return { inputs: canonical };
  },

  async diff(ctx, _id, olds, news) {
    const a = declared(olds);
    const b = declared(news);
    await hold(ctx, objectKey.developer(b.address));
    const replaces = replacedBy("FollowedDeveloper", a, b);
    const changes = replaces.length > 0 || a.alias !== b.alias || a.active !== b.active;
    return { changes, replaces };
  },

  async create(ctx, inputs) {
    const want = declared(withoutProvider(inputs));
    return operation(label(want.address), "create", async () => {
      assertPlainAlias(want);
      await hold(ctx, objectKey.developer(want.address));
      const client = ctx.client();
      // Followed already (what a destroy left, or adopted on purpose): take it as it is. Adding it
      // again would reactivate an inactive developer, even if only for a moment. The run's one
      // developer listing answers this for every developer of the stack.
      let record = (await ctx.run.developers()).get(want.address);
      if (!record) {
        const added = want.alias !== undefined ? { alias: want.alias } : {};
        try {
          record = await recordAfter(ctx, want.address, await client.devs.add(want.address, added), {
            ...added,
            isActive: true,
          });
        } catch (err) {
          // Followed since the listing was read, on a service that refuses a re-add.
          if (!(err instanceof ConflictError)) throw err;
          record = await recordAfter(ctx, want.address, undefined, {});
        }
      }
      if (
        aliasDiffers(want, record) ||
        record.isActive !== want.active ||
        releasedAlias(want, record.alias)
      ) {
        const body = updateBody(want, record.alias);
        const followed = record;
        try {
          record = await recordAfter(ctx, want.address, await client.devs.update(want.address, body), body);
        } catch (err) {
          // Followed, but not yet as declared: recorded, so the next `up` updates it.
          throw initFailure(
            `${label(want.address)} was followed but its alias and activity were not set: ${messageOf(err)}; run \`pulumi up\` again`,
            want.address,
            {
              ...outputs(
                declared({ ...followed, address: want.address, active: followed.isActive !== false }),
                followed,
              ),
            },
          );
        }
      }
      return { id: want.address, outs: outputs(want, record) };
    });
  },

  async read(ctx, id, props) {
    return operation(label(id), "refresh", async () => {
      const listed = (await ctx.run.developers()).get(id);
      if (!listed) return {};
      // A field the listing leaves out (the record is not shown by the spec) is not a change:
      // what the state holds stays; a field it sends, even null, is the truth.
      const previous = withoutProvider(props ?? {});
      const { active: _declared, ...held } = previous;
      const record: DeveloperRecord = { ...held, ...listed };
      if (readAsWritten(previous, listed)) await noteReadAsWritten(ctx, objectKey.developer(id));
      const inputs: PropertyBag = { address: record.address, active: record.isActive !== false };
      if (record.alias) inputs.alias = record.alias;
      return { id, props: outputs(declared(inputs), record), inputs };
    });
  },

  async update(ctx, id, olds, news) {
    const want = declared(withoutProvider(news));
    return operation(label(id), "update", async () => {
      assertPlainAlias(want);
      await hold(ctx, objectKey.developer(want.address));
      // The diff said alias or activity changed: one PUT, its answer is the record.
      const body = updateBody(want, withoutProvider(olds).alias);
      const answer = await ctx.client().devs.update(want.address, body);
      return { outs: outputs(want, await recordAfter(ctx, want.address, answer, body)) };
    });
  },

  // Released (inactive, the released alias) only while it is still what this resource last wrote.
  async delete(ctx, id, props) {
    const recorded = withoutProvider(props);
    const wrote = declared({ ...recorded, address: id });
    await operation(label(id), "delete", async () => {
      if (await heldInRun(ctx, objectKey.developer(id))) return leftInPlace(label(id), HELD_BY_ANOTHER);
      const live = (await ctx.run.developers()).get(id);
      if (!live || isReleased(live)) return;
      const changed = changedSince(recorded, wrote, live);
      if (changed)
        return leftInPlace(
          label(id),
          `it is no longer what this resource wrote (${describe({ address: id, alias: recordedAlias(recorded) ?? null, isActive: wrote.active })}): ` +
            `the service now holds ${describe(live)} (${changed}), set by someone else`,
        );
      const released = { isActive: false, alias: RELEASED_ALIAS };
      try {
        await ctx.client().devs.update(id, released);
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
      ctx.run.noteDeveloper(undefined, id, released);
    });
  },
};

/**
 * The alias this resource recorded: the declared one, else what the service held when it was
 * written (null: none). Undefined when the state says nothing of it.
 */
function recordedAlias(recorded: PropertyBag): string | null | undefined {
  const alias = recorded.alias;
  return typeof alias === "string" || alias === null ? alias : undefined;
}

/**
 * What differs between the live developer and what this resource recorded, in words, or
 * undefined when it is still what the resource wrote. A field the listing leaves out (the spec
 * does not show the record) says nothing of it.
 */
function changedSince(recorded: PropertyBag, wrote: Declared, live: DeveloperRecord): string | undefined {
  if (live.isActive !== undefined && live.isActive !== wrote.active)
    return live.isActive ? "activated" : "deactivated";
  const alias = recordedAlias(recorded);
  if (live.alias !== undefined && alias !== undefined && (live.alias ?? null) !== alias)
    return "another alias";
  return undefined;
}

/**
 * Whether a refresh reads the developer as the state recorded it, with every field it compares
 * shown: the proof that this stack holds it (a rename under `pulumi up --refresh`).
 */
function readAsWritten(recorded: PropertyBag, live: DeveloperRecord): boolean {
  if (typeof recorded.active !== "boolean" || live.isActive === undefined || live.alias === undefined)
    return false;
  const alias = recordedAlias(recorded);
  return (
    alias !== undefined &&
    !isReleased(live) &&
    changedSince(recorded, declared({ ...recorded }), live) === undefined
  );
}

/** A developer a destroy released, declared without an alias: the released alias goes. */
function releasedAlias(want: Declared, alias: unknown): boolean {
  return want.alias === undefined && alias === RELEASED_ALIAS;
}

/** A developer record in words, for messages. */
function describe(record: DeveloperRecord): string {
  const alias = record.alias ? `alias ${quotedText(record.alias)}, ` : "";
  const count = record.tagIds?.length ?? 0;
  const tags = count === 0 ? "" : `, ${count} ${count === 1 ? "tag" : "tags"}`;
  return `${alias}${record.isActive === false ? "inactive" : "active"}${tags}`;
}

/** An alias unknown at preview is first checked here, before anything is sent. */
function assertPlainAlias(want: Declared): void {
  if (want.alias === undefined) return;
  const issue = plainTextIssue(want.alias, { path: "alias", allowLineBreaks: false });
  if (issue) throw new InvalidInputError(issue.message);
}

/** The PUT of the declared alias and activity; `alias` is what the developer holds now. */
function updateBody(want: Declared, alias: unknown): DevUpdateBody {
  if (releasedAlias(want, alias)) return { alias: null, isActive: want.active };
  return { ...(want.alias !== undefined ? { alias: want.alias } : {}), isActive: want.active };
}

function aliasDiffers(want: Declared, record: DeveloperRecord): boolean {
  return want.alias !== undefined && record.alias !== want.alias;
}

/**
 * The record after a write: the answer's `developer` (the emulator returns it,
 * docs/spec-decisions.md). The spec does not show these answers, so when one lacks the record,
 * the run's one developer listing supplies the fields no write sets (addedAt, tagIds), with the
 * fields this write set laid over it.
 */
async function recordAfter(
  ctx: RuntimeContext,
  address: string,
  answer: DevConfirmation | undefined,
  written: Partial<DeveloperRecord>,
): Promise<DeveloperRecord> {
  if (answer?.developer) {
    ctx.run.noteDeveloper(answer.developer);
    return answer.developer;
  }
  // Not listed before this write (a new follow): read it back, one listing per burst of writes.
  const listed = (await ctx.run.developers()).get(address) ?? (await ctx.run.readBackDeveloper(address));
  if (!listed && answer === undefined)
    throw new ServiceStateError(
      `the service refused to follow ${address} again but does not list it among followed developers; ` +
        "run `pulumi refresh`, then `pulumi up` again",
    );
  const record: DeveloperRecord = { address, alias: null, isActive: true, ...listed, ...written };
  ctx.run.noteDeveloper(record);
  return record;
}

function outputs(want: Declared, record: DeveloperRecord): PropertyBag {
  const out: PropertyBag = {
    ...record,
    address: want.address,
    active: want.active,
    addedAt: record.addedAt ?? null,
  };
  if (want.alias !== undefined) out.alias = want.alias;
  return out;
}
