/**
 * Independent requests of one operation (the activation's deactivations, then its activations)
 * sent a few at a time rather than one after the other: each waits on a round trip, and N of
 * them in a row were the longest chain of an activation's create and delete. The rate limiter
 * still paces every request; this only stops them queueing behind each other's answers.
 */

/** How many requests of one operation are in flight at once. */
const IN_FLIGHT = 8;

/**
 * Runs `work` for every item, at most `limit` at a time. After a failure no further item starts
 * (as a loop would stop); the ones in flight finish, then the first failure is thrown.
 */
export async function eachInParallel<T>(
  items: Iterable<T>,
  work: (item: T) => Promise<void>,
  limit: number = IN_FLIGHT,
): Promise<void> {
  const queue = [...items];
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined && !failure; item = queue.shift()) {
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
  if (failure) throw failure.error;
}
