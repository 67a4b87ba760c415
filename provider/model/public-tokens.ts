/**
 * The resource kinds and their dynamic type tokens as the package root publishes them, typed by
 * the plain types: the published declarations then never reach the kinds' descriptors, whose
 * types are zod's (a Pulumi program type-checks those declarations on every run).
 */
import type { ResourceKind, TypeTokens } from "./plain-types";
import { TYPE_TOKENS as TOKENS } from "./type-tokens";

export type { ResourceKind };

/** The type token of each dynamic resource as the engine records it. */
export const TYPE_TOKENS: TypeTokens = TOKENS;

export type TypeToken = TypeTokens[ResourceKind];
