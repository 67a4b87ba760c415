/**
 * The state after settling: each imported create becomes a resource of the stack with the id of
 * the strategy it created (its outputs are its inputs until the refresh that follows reads the
 * live object), and every settled create leaves the pending operations.
 *
 * Pulumi's own `pulumi refresh --import-pending-creates <urn> <id>` would be the natural tool,
 * but the engine (3.274) turns the pending create into a pending import and then drops it
 * without adding the resource: the next `up` would create the strategy a second time. Editing
 * the exported state and importing it back (`pulumi stack import`) is the reliable way.
 */
import type { Settlement } from "./settle";

type Json = Record<string, unknown>;

export function settledState(exported: Json, settlements: Settlement[]): Json {
  const deployment = exported.deployment as Json;
  const settled = new Set(
    settlements.filter((s) => s.action === "import" || s.action === "clear").map((s) => s.create.urn),
  );
  const ids = new Map(
    settlements.flatMap((s) => (s.action === "import" ? [[s.create.urn, s.id] as const] : [])),
  );
  const pending = (deployment.pending_operations as Json[] | null | undefined) ?? [];
  const imported = pending
    .filter((op) => op.type === "creating" && ids.has((op.resource as Json).urn as string))
    .map((op) => {
      const resource = op.resource as Json;
      const inputs = (resource.inputs as Json | undefined) ?? {};
      return { ...resource, id: ids.get(resource.urn as string), outputs: { ...inputs } };
    });
  return {
    ...exported,
    deployment: {
      ...deployment,
      // Appended: what they depend on (the stack, the provider) is already listed, and nothing
      // depends on them yet (their create never finished).
      resources: [...((deployment.resources as Json[] | null | undefined) ?? []), ...imported],
      pending_operations: pending.filter(
        (op) => !(op.type === "creating" && settled.has((op.resource as Json).urn as string)),
      ),
    },
  };
}
