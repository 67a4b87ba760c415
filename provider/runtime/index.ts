/**
 * What the dynamic-provider process runs. The serialized shell of every resource
 * (resources/provider-shell.ts) loads this module by package name and delegates to it, so
 * the logic, the credentials and the per-process caches live here, never in state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { handlers } from "./handlers";
import { setStackConfig } from "./settings";

export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  setStackConfig(req.config);
}

export function handler(kind: string): pulumi.dynamic.ResourceProvider {
  const h = handlers[kind];
  if (!h) throw new Error(`pulumi-strategy-alerts has no resource kind "${kind}"; upgrade the package`);
  return h;
}
