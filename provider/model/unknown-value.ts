/**
 * The string the engine puts, during a preview, where a value cannot be known before apply
 * (an output of a resource created or updated in the same change). The provider runtime and
 * the review both read previews, so the sentinel lives here, below both.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}
