/** Taking over an existing strategy (`adopt: <id>`) and bringing it to the declared state. */
import { NotFoundError } from "../api/errors";
import { canonicalStrategyInput } from "../model/canonical";
import { echoedInputs } from "../model/kinds";
import type { Strategy, StrategyInput, StrategyPatch } from "../model/strategy";
import type { RuntimeContext } from "./context";
import { ServiceStateError } from "./errors";
import { type PropertyBag, pick } from "./inputs";
import { declaredFromLive } from "./strategy-live-inputs";
import { liveOutputs } from "./strategy-live-outputs";
import { patchFor, patchStrategy } from "./strategy-patch";
import { tokenAgeWarnings } from "./token-age";

/** Takes over an existing strategy: read it, then bring it to the declared state. */
export async function adopt(ctx: RuntimeContext, id: string, body: StrategyInput): Promise<Strategy> {
  const client = ctx.client();
  let existing: Strategy;
  try {
    // The listing (read once per run) also carries `matching`, which the single read lacks.
    existing = (await ctx.run.strategies()).get(id) ?? (await client.strategies.get(id));
  } catch (err) {
    if (err instanceof NotFoundError) {
      throw new ServiceStateError(
        `adopt: no strategy ${id} in this account (it may have been deleted, or belongs to another user); ` +
          "check the id given as adopt, or remove adopt to create the strategy",
      );
    }
    throw err;
  }
  for (const warning of tokenAgeWarnings(existing)) console.error(warning);
  const { isActive: _activity, ...declared } = body;
  // Only what differs is sent: adopting a strategy exactly as the app holds it writes nothing.
  const patch = adoptionPatch(existing, canonicalStrategyInput(declared));
  if (Object.keys(patch).length === 0) return existing;
  // The PATCH answer, the declared inputs and the listed strategy give every output: no read back.
  const live = await patchStrategy(ctx, id, liveOutputs(existing), patch);
  return {
    ...existing,
    ...pick(declared, echoedInputs("Strategy", "always")),
    ...live,
    id,
  };
}

/**
 * What adoption must send to bring `live` to the declared inputs. A field the service answers
 * only on reads (`echo: "reads"`, trigger configs) is compared only when it is there, one it never
 * answers (`never`, retryPolicy) never is: a declared value of a field the service does not
 * return is always sent, an undeclared one is left as the service holds it.
 */
export function adoptionPatch(live: Strategy, declared: PropertyBag): StrategyPatch {
  const current = declaredFromLive(live);
  const held = live as Record<string, unknown>;
  const unread = [
    ...echoedInputs("Strategy", "never"),
    ...echoedInputs("Strategy", "reads").filter((field) => held[field] === undefined),
  ];
  // Compared as held, defaults included: declaring the default explicitly then writes nothing.
  for (const field of echoedInputs("Strategy", "listed"))
    if (held[field] !== undefined) current[field] = held[field];
  const patch: PropertyBag = patchFor(current, declared);
  for (const field of unread) {
    if (declared[field] !== undefined) patch[field] = declared[field];
    else delete patch[field];
  }
  return patch as StrategyPatch;
}
