/**
 * The property bag of `Resource.get`: with an `id` option the engine reads the object instead of
 * creating it, and a dynamic resource exposes only the properties named in its bag. So every
 * input is named (as undefined) for the read to fill, alongside the declared outputs.
 */
export function readState<Args>(inputKeys: readonly (keyof Args)[]): Args {
  return Object.fromEntries(inputKeys.map((k) => [k, undefined])) as Args;
}
