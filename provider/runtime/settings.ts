import type * as pulumi from "@pulumi/pulumi";
import { type Credentials, resolveCredentials } from "../credentials";

/**
 * Stack config handed to the provider process by the engine. Kept in module state (one
 * provider process serves every dynamic resource of a stack) and never written anywhere.
 */
let stackConfig: pulumi.dynamic.Config | undefined;

export function setStackConfig(config: pulumi.dynamic.Config): void {
  stackConfig = config;
}

/** The provider's credentials: the environment, then the stack config the engine handed over. */
export function credentials(): Credentials {
  return resolveCredentials((key) => stackConfig?.get(key));
}
