/**
 * A function of a module that loads on its first call. The package's entry offers the lookups,
 * the evaluator, the validator and the review beside the resources; a program that only declares
 * resources never calls them, and loading them (with zod and every schema under them) took a
 * third of a second of each of its ups and previews.
 */
export function deferred<F extends (...args: never[]) => unknown>(load: () => F): F {
  return ((...args: Parameters<F>) => load()(...args)) as F;
}
