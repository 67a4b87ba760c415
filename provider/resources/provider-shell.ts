import { ACCOUNT_PIN_INPUT, ACCOUNT_PIN_KIND, ACCOUNT_PIN_OUTPUT } from "../model/account-pin";
import type { KindOutput, ResourceKind } from "../model/kinds";
import { unsetOutputs } from "./unset-outputs";

/** The package that the provider process loads the real implementation from. */
export const RUNTIME_MODULE = "pulumi-strategy-alerts/runtime";

/** The input under which Pulumi's dynamic-provider host finds a resource's provider. */
const PROVIDER_KEY = "__provider";

/**
 * The module text every dynamic resource carries in its `__provider` input (and output): the
 * dynamic-provider host evaluates it once per process and calls its `handler()` for the provider.
 * It only loads the runtime and asks it for the kind's provider: every line of logic is loaded
 * at run time from the installed package, and credentials are read there, in `configure`, from
 * stack config or the environment, never captured here.
 *
 * It is written here rather than left to `pulumi.dynamic.Resource`, whose closure serializer
 * wrapped the seven one-line methods of a provider object in 2.4 KB of module text. The engine
 * stores the text twice per resource and rewrites the whole checkpoint as each step completes,
 * so at 200 strategies that was about a megabyte more in every save of a destroy.
 *
 * The runtime is resolved from the program directory (the provider process's working
 * directory) as a file there would resolve it: from node_modules in a user's project, and by
 * the package's own name for a program inside this repository. The host evaluates the text in a
 * module without a file name, whose bare `require` can do only the first.
 */
export function providerText(kind: string, runtimeModule: string = RUNTIME_MODULE): string {
  return `exports.handler = () => {
  const runtime = require("node:module").createRequire(process.cwd() + "/")(${JSON.stringify(runtimeModule)});
  return { configure: (req) => runtime.configure(req), ...runtime.handler(${JSON.stringify(kind)}) };
};
`;
}

/**
 * What a resource of the kind registers: the program's inputs, its outputs without a value (so
 * the engine tracks them), the stack's account pin (`accountPin`, the pin resource's output,
 * which the runtime compares with the key's account before any create) and the provider's
 * text. The type token and this text are all that make it a dynamic resource, as
 * `pulumi.dynamic.Resource` would have registered it. A `get` reads without a pin: it writes nothing.
 */
export function shellInputs<K extends ResourceKind, A extends object>(
  kind: K,
  args: A,
  pin?: unknown,
): A & Record<KindOutput<K>, undefined> & { [PROVIDER_KEY]: string; [ACCOUNT_PIN_INPUT]?: unknown } {
  const pinned = pin === undefined ? {} : { [ACCOUNT_PIN_INPUT]: pin };
  return { ...args, ...unsetOutputs(kind), ...pinned, [PROVIDER_KEY]: providerText(kind) };
}

/** What the stack's account pin registers: its one output, not yet known, and its provider's text. */
export function accountPinInputs(): { [ACCOUNT_PIN_OUTPUT]: undefined; [PROVIDER_KEY]: string } {
  return { [ACCOUNT_PIN_OUTPUT]: undefined, [PROVIDER_KEY]: providerText(ACCOUNT_PIN_KIND) };
}
