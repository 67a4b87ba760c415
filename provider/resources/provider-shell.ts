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
 * It only loads the runtime and asks it for the kind's provider (`door`, with `configure`): every
 * line of logic is loaded at run time from the installed package, and credentials are read there,
 * in `configure`, from stack config or the environment, never captured here.
 *
 * The text is a reference to the installed package, as short as it can be, because the host
 * leaves no other way: it finds a resource's provider only in that resource's own property bag
 * (`__provider` of the new inputs, else of the old ones or of the outputs; a delete, a refresh
 * and a destroy with the program gone have nothing else), keeps it in the outputs of every create,
 * update and read, and caches one provider per distinct text. So each resource stores it twice,
 * and the kind must be in it (no call tells the provider its type). `pulumi.dynamic.Resource`'s
 * closure serializer made 2.4 KB of the same provider; this is about 120 bytes. Older texts (the
 * serializer's, then one calling the runtime's `configure` and `handler`) still load: the runtime
 * keeps both.
 *
 * The runtime is resolved from the program directory (the provider process's working
 * directory) as a file there would resolve it: from node_modules in a user's project, and by
 * the package's own name for a program inside this repository. The host evaluates the text in a
 * module without a file name, whose bare `require` can do only the first.
 */
export function providerText(kind: string, runtimeModule: string = RUNTIME_MODULE): string {
  return `exports.handler=()=>require("module").createRequire(process.cwd()+"/")(${JSON.stringify(runtimeModule)}).door(${JSON.stringify(kind)})`;
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
