/**
 * The Strategy handler: check, diff, create, read, update and delete, each delegating what is
 * more than a call to the module that does it (adoption, creating once, the plan check, the
 * patch, the inputs read from the live object).
 */
import { NotFoundError } from "../api/errors";
import { canonicalStrategyInput } from "../model/canonical";
import { uuidIssue } from "../model/identifiers";
import { quotedText } from "../model/quoted-text";
import {
  STRATEGY_FIELDS,
  STRATEGY_OUTPUT_FIELDS,
  type Strategy,
  type StrategyInput,
} from "../model/strategy";
import { isUnknown } from "../model/unknown-value";
import { assertValidStrategyInput, validateStrategyInput } from "../model/validate-strategy";
import { describeValue } from "../model/validation-issue";
import type { RuntimeContext } from "./context";
import { operation } from "./errors";
import { type PropertyBag, pick, underAny, unknownPaths, withoutProvider } from "./inputs";
import type { KindHandler } from "./kind-handler";
import { hold, objectKey } from "./ownership";
import { adopt } from "./strategy-adoption";
import { createBoundInputs, passCreateBound } from "./strategy-create-bound";
import { createOnce } from "./strategy-create-once";
import { declaredFromLive, declaresNothing, inputsFromLive } from "./strategy-live-inputs";
import { liveOutputs } from "./strategy-live-outputs";
import { changedFields, patchFor, patchStrategy } from "./strategy-patch";
import { totalLimitFailure } from "./strategy-plan-check";
import { referenceFailures } from "./strategy-references";
import { tokenAgeWarnings } from "./token-age";

function label(inputs: PropertyBag): string {
  return `Strategy ${typeof inputs.name === "string" && !isUnknown(inputs.name) ? quotedText(inputs.name) : "?"}`;
}

export const strategyHandler: KindHandler = {
  async check(ctx, olds, news) {
    const inputs = withoutProvider(news);
    const unknown = unknownPaths(inputs);
    // Strategy never manages activity (StrategyActivation does): validate as a create body.
    const result = validateStrategyInput({ ...pick(inputs, STRATEGY_FIELDS), isActive: false }, "create");
    const failures = result.ok
      ? []
      : result.issues
          .filter((i) => !underAny(i.path, unknown))
          .map((i) => ({ property: i.path || "name", reason: i.message }));
    if (inputs.adopt !== undefined && !isUnknown(inputs.adopt) && typeof inputs.adopt !== "string") {
      const got = describeValue(inputs.adopt);
      failures.push({
        property: "adopt",
        reason: `adopt must be a string (the id of an existing strategy), got ${got}`,
      });
    } else if (typeof inputs.adopt === "string" && !isUnknown(inputs.adopt)) {
      // Strategy ids are UUIDs: anything else would only fail at apply, as a 404 or a 400.
      const wrong = uuidIssue(inputs.adopt, "adopt", "the id of an existing strategy");
      if (wrong) failures.push({ property: "adopt", reason: wrong });
    }
    if (failures.length > 0) return { inputs, failures };

    // Struct values cannot be undefined: drop absent optionals. A value unknown until apply
    // leaves the inputs as declared (the front doors say "checked at apply").
    const checked =
      unknown.length > 0
        ? inputs
        : stripUndefined({
            ...canonicalStrategyInput(pick(inputs, STRATEGY_FIELDS) as StrategyInput),
            adopt: inputs.adopt,
          });
    const previous = withoutProvider(olds);
    // What the configs name on the account, as the service checks it: before any write.
    const unknownRefs = await operation(label(checked), "preview (trigger references)", () =>
      referenceFailures(ctx, previous, checked),
    );
    if (unknownRefs.length > 0) return { inputs: checked, failures: unknownRefs };
    const creating = Object.keys(previous).length === 0 && checked.adopt === undefined;
    // A strategy whose name is not known yet still counts against the plan's total.
    if (creating) {
      const limitFailure = await operation(label(checked), "preview (plan limits)", () =>
        totalLimitFailure(ctx, checked),
      );
      if (limitFailure) return { inputs: checked, failures: [limitFailure] };
    }
    // After the limit check's reads: their answers calibrate the service's clock.
    Object.assign(checked, createBoundInputs(ctx, creating, previous));
    return { inputs: checked };
  },

  async diff(ctx, id, olds, news) {
    await claim(ctx, id);
    const changed = changedFields(olds, news);
    return { changes: changed.length > 0, replaces: [] };
  },

  async create(ctx, inputs) {
    const declared = withoutProvider(inputs);
    return operation(label(declared), "create", async () => {
      // Values unknown at preview are first checked here, before anything is sent.
      const body = { ...pick(declared, STRATEGY_FIELDS), isActive: false } as StrategyInput;
      assertValidStrategyInput(body, "create");
      if (typeof declared.adopt !== "string") await passCreateBound(ctx, declared);
      const strategy =
        typeof declared.adopt === "string"
          ? await adopt(ctx, declared.adopt, body)
          : await createOnce(ctx, body);
      await ctx.run.noteStrategy(strategy);
      await claim(ctx, strategy.id);
      return { id: strategy.id, outs: outputs(declared, strategy) };
    });
  },

  async read(ctx, id, props) {
    const previous = withoutProvider(props);
    await claim(ctx, id);
    return operation(`Strategy ${id}`, "refresh", async () => {
      // One list read serves the refresh of every strategy of the stack.
      const live = (await ctx.run.strategies()).get(id);
      if (!live) return {};
      // With no state of ours (`Strategy.get`, `pulumi import`), the inputs are what an import declares.
      const inputs = declaresNothing(previous) ? declaredFromLive(live) : inputsFromLive(previous, live);
      for (const warning of tokenAgeWarnings(live)) console.error(warning);
      return { id, props: outputs(inputs, live), inputs };
    });
  },

  async update(ctx, id, olds, news) {
    const previous = withoutProvider(olds);
    const declared = withoutProvider(news);
    return operation(label(declared), "update", async () => {
      // Values unknown at preview are first checked here, before anything is sent.
      assertValidStrategyInput({ ...pick(declared, STRATEGY_FIELDS), isActive: false }, "create");
      const patch = patchFor(previous, declared);
      // Only `adopt` changed: nothing to send, the object is as it was.
      if (Object.keys(patch).length === 0)
        return { outs: { ...declared, ...pick(previous, STRATEGY_OUTPUT_FIELDS) } };
      return { outs: { ...declared, ...(await patchStrategy(ctx, id, previous, patch)) } };
    });
  },

  async delete(ctx, id, props) {
    await operation(label(withoutProvider(props)), "delete", async () => {
      try {
        await ctx.client().strategies.delete(id);
      } catch (err) {
        // Already gone (deleted in the app, or our earlier attempt succeeded): the goal is met.
        if (!(err instanceof NotFoundError)) throw err;
      }
      await ctx.run.forgetStrategy(id);
    });
  },
};

function stripUndefined(bag: PropertyBag): PropertyBag {
  return Object.fromEntries(Object.entries(bag).filter(([, v]) => v !== undefined));
}

function outputs(inputs: PropertyBag, s: Strategy): PropertyBag {
  return { ...inputs, ...liveOutputs(s) };
}

/**
 * A strategy a resource of this stack holds: never taken by a reconciliation, and the stack's own
 * to deactivate for any of its activations, in every provider process of the run.
 */
async function claim(ctx: RuntimeContext, id: string): Promise<void> {
  ctx.run.claimedStrategyIds.add(id);
  await hold(ctx, objectKey.strategy(id));
}
