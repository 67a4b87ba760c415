/**
 * What the dynamic-provider process runs. The serialized shell of every resource
 * (resources/provider-shell.ts) loads this module by package name and delegates to it, so
 * the logic, the credentials and the per-process caches live here, never in state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { defaultContext } from "./context";
import { withProviderOnInitFailure } from "./dynamic-door";
import { engineAddressOf } from "./engine-watch";
import { dynamicHandler } from "./handlers";
import { asOurFailure } from "./host-error";
import { isDynamicProviderHost, watchEngineFromHost } from "./host-lifetime";
import { joinEngineRun } from "./run-holds";

/**
 * The host calls it before the first operation of each kind. In Pulumi's dynamic-provider host,
 * the first call also starts the engine watch: the host, which now holds the stack's config,
 * ends within seconds of its engine (host-lifetime.ts).
 */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  watchEngineFromHost();
  // The host shares what its resources hold with the plugin processes of the same engine run.
  if (isDynamicProviderHost()) joinEngineRun(engineAddressOf(process.argv.slice(2)));
  defaultContext.settings.setStackConfig(req.config);
}

/** The dynamic provider of one kind: the shared handler bound to the process's one context. */
export function handler(kind: string): pulumi.dynamic.ResourceProvider {
  const h = dynamicHandler(kind);
  const ctx = defaultContext;
  // The host prints a failed check, diff, read or delete with its stack: ours print as sentences.
  return {
    check: (olds, news) => asOurFailure(() => h.check(ctx, olds, news)),
    diff: (id, olds, news) => asOurFailure(() => h.diff(ctx, id, olds, news)),
    // An init failure keeps the provider in state, as a success's outputs do (dynamic-door.ts).
    create: (inputs) => withProviderOnInitFailure(inputs, undefined, () => h.create(ctx, inputs)),
    read: (id, props) => asOurFailure(() => h.read(ctx, id, props ?? {})),
    update: (id, olds, news) => withProviderOnInitFailure(news, olds, () => h.update(ctx, id, olds, news)),
    delete: (id, props) => asOurFailure(() => h.delete(ctx, id, props)),
  };
}

/**
 * What a resource's provider text asks for (resources/provider-shell.ts): the kind's provider with
 * `configure`, which the host calls once before the provider's first operation.
 */
export function door(kind: string): pulumi.dynamic.ResourceProvider & {
  configure: typeof configure;
} {
  return { configure, ...handler(kind) };
}
