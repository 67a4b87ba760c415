import type * as pulumi from "@pulumi/pulumi";

/** Resource kind (the type token's last part) → its runtime implementation. */
export const handlers: Record<string, pulumi.dynamic.ResourceProvider> = {};
