import * as pulumi from "@pulumi/pulumi";
import { checkedAtApplyLine, waitsOnElements } from "../model/checked-at-apply";
import { checkedInputs } from "../model/kinds";
import type { ResourceKind } from "../model/type-tokens";

/**
 * Warns on the resource, once per preview, which of its checked inputs are unknown until apply
 * (`checked at apply: name`). The dynamic provider's check cannot warn, nor name the resource it
 * checks, so the program says it, where the resource and its inputs are.
 */
export function warnCheckedAtApply(
  resource: pulumi.Resource,
  kind: ResourceKind,
  args: object,
  opts: pulumi.CustomResourceOptions | undefined,
): void {
  // A `get` declares no inputs; an update knows every value.
  if (!pulumi.runtime.isDryRun() || opts?.id !== undefined) return;
  // The program must not end before the warning is sent.
  const done = pulumi.runtime.rpcKeepAlive();
  // The warning's own promise is part of the chain: when another resource's check has failed,
  // the engine has closed the channel by the time the inputs resolve, and a send that nobody
  // awaits would reject unhandled, printed under the stack as `Error: Channel has been shut down`.
  unknownInputs(kind, args as Record<string, unknown>)
    .then((fields) => (fields.length > 0 ? pulumi.log.warn(checkedAtApplyLine(fields), resource) : undefined))
    .catch(() => undefined)
    .finally(done);
}

async function unknownInputs(kind: ResourceKind, args: Record<string, unknown>): Promise<string[]> {
  const keys = checkedInputs(kind).filter((key) => args[key] !== undefined);
  const known = await Promise.all(
    keys.map((key) => {
      const value = args[key];
      // A list whose elements only are unknown still has a known length, which is all such a check needs.
      if (Array.isArray(value) && !waitsOnElements(kind, key)) return true;
      return isKnown(pulumi.output(value as pulumi.Input<unknown>));
    }),
  );
  return keys.filter((_, i) => !known[i]);
}

/**
 * `Output.isKnown`: the SDK keeps it out of its declarations, but every Output carries it (the
 * SDK's own `apply` reads it). Should a later SDK drop it, a value counts as known: no warning,
 * as before this one existed.
 */
function isKnown(output: pulumi.Output<unknown>): Promise<boolean> {
  const known = (output as unknown as { isKnown?: Promise<boolean> }).isKnown;
  return known ?? Promise.resolve(true);
}
