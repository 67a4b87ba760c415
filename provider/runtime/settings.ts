import type * as pulumi from "@pulumi/pulumi";

/**
 * Stack config handed to the provider process by the engine. Kept in module state (one
 * provider process serves every dynamic resource of a stack) and never written anywhere.
 */
let stackConfig: pulumi.dynamic.Config | undefined;

export function setStackConfig(config: pulumi.dynamic.Config): void {
  stackConfig = config;
}

export function stackConfigValue(key: string): string | undefined {
  return stackConfig?.get(key);
}
