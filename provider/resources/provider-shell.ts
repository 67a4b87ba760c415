import type * as pulumi from "@pulumi/pulumi";

/** The package that the provider process loads the real implementation from. */
export const RUNTIME_MODULE = "pulumi-strategy-alerts/runtime";

/**
 * The object Pulumi serializes into every resource's `__provider` input.
 *
 * Pulumi stores the serialized text in state, twice per resource, and shows any change of it as
 * a change of every resource. So it captures nothing but two strings and only delegates: every
 * line of logic is loaded at run time from the installed package (`require` resolves from the
 * program directory, which is the provider process's working directory). Credentials are read
 * there, in `configure`, from stack config or the environment — never captured here.
 */
export function providerShell(
  kind: string,
  runtimeModule: string = RUNTIME_MODULE,
): pulumi.dynamic.ResourceProvider {
  return {
    configure: (req) => require(runtimeModule).configure(req),
    check: (olds, news) => require(runtimeModule).handler(kind).check(olds, news),
    diff: (id, olds, news) => require(runtimeModule).handler(kind).diff(id, olds, news),
    create: (inputs) => require(runtimeModule).handler(kind).create(inputs),
    read: (id, props) => require(runtimeModule).handler(kind).read(id, props),
    update: (id, olds, news) => require(runtimeModule).handler(kind).update(id, olds, news),
    delete: (id, props) => require(runtimeModule).handler(kind).delete(id, props),
  };
}
