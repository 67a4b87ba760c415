import * as pulumi from "@pulumi/pulumi";
import { inputNames, secretOutputs } from "../model/kinds";
import type { ResourceKind, TypeTokens } from "../model/plain-types";
import { hasTypeToken, TYPE_TOKENS } from "../model/type-tokens";
import { accountPin } from "./account-pin";
import { warnCheckedAtApply } from "./checked-at-apply";
import { readIdOutputFromId } from "./id-output";
import { shellInputs } from "./provider-shell";
import { readState } from "./read-state";
import { registeredArgs } from "./registered-args";
import { registeringWithoutStacks } from "./stackless-registration";

/**
 * A resource kind's class as a program uses it: `new`, `get`, `isInstance` and the type token.
 * Typed by the plain types, so the published declarations never reach the kinds' descriptors.
 */
export interface KindResourceClass<K extends ResourceKind, Instance extends pulumi.CustomResource, Args> {
  /** Declares the resource: `npm run schema` writes what each argument does on the kind's `…Args`. */
  new (name: string, args: Args, opts?: pulumi.CustomResourceOptions): Instance;
  /** The type token the engine records for this resource. */
  readonly __pulumiType: TypeTokens[K];
  /** True for a resource of this kind and package, even across duplicate copies of the package or SDK. */
  isInstance(obj: unknown): obj is Instance;
  /**
   * Reads an existing object by its id (the kind's description names the id it takes) into the
   * program without managing it: nothing is created, changed or deleted, and `pulumi refresh`
   * updates what it holds.
   */
  get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): Instance;
}

/**
 * The class of a dynamic resource kind: registered with the provider text of `provider-shell.ts`
 * (its type token, its outputs named without a value) and the program's args as
 * `registered-args.ts` makes them, its secret outputs declared, and the preview's warning on
 * checked inputs unknown until apply. `Instance` and `Args` are the kind's declarations in
 * `provider/resources/<kind>.ts`, which `npm run schema` writes from its descriptor.
 *
 * The class extends `CustomResource` itself, with no class in between: the SDK takes the source
 * position a fixed number of frames up from its constructor, which must land on the program's line.
 */
export function kindResource<
  K extends ResourceKind,
  Instance extends pulumi.CustomResource,
  Args extends object,
>(kind: K): KindResourceClass<K, Instance, Args> {
  const token = TYPE_TOKENS[kind];
  const inputKeys = inputNames(kind) as unknown as (keyof Args)[];
  const secrets = secretOutputs(kind);
  // A secret returned from create must be declared here: pulumi.secret() from a dynamic provider does not work.
  const withSecrets = (opts: pulumi.CustomResourceOptions | undefined) =>
    secrets.length === 0 ? opts : pulumi.mergeOptions(opts, { additionalSecretOutputs: secrets });
  const Kind = class extends pulumi.CustomResource {
    static readonly __pulumiType = token;

    static override isInstance(obj: unknown): obj is Instance {
      return hasTypeToken(obj, token);
    }

    static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): Instance {
      return new Kind(name, readState<Args>(inputKeys), pulumi.mergeOptions(opts, { id })) as Instance;
    }

    constructor(name: string, args: Args, opts?: pulumi.CustomResourceOptions) {
      const restore = registeringWithoutStacks();
      try {
        const registered = registeredArgs(kind, args);
        // A `get` (an id) reads and writes nothing; every other resource waits for the stack's
        // account pin and takes its account (provider/runtime/account-pin.ts).
        const pin = opts?.id === undefined ? accountPin() : undefined;
        const pinned = pin === undefined ? opts : pulumi.mergeOptions(opts, { dependsOn: [pin] });
        super(token, name, shellInputs(kind, registered, pin?.accountId), withSecrets(pinned));
      } finally {
        restore();
      }
      warnCheckedAtApply(this, kind, args, opts);
      readIdOutputFromId(this, kind);
    }
  };
  // The class's name in stack traces and the debugger.
  Object.defineProperty(Kind, "name", { value: kind });
  return Kind as unknown as KindResourceClass<K, Instance, Args>;
}
