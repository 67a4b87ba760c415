/**
 * Walks numbered pages until `isLast` says the page was the final one, yielding items.
 * Shared by every page-numbered list (backtests, results, notifications, developers).
 */
export async function* pageThrough<P, T>(
  fetchPage: (page: number) => Promise<P>,
  itemsOf: (page: P) => readonly T[],
  isLast: (page: P, pageNumber: number) => boolean,
  firstPage = 1,
): AsyncGenerator<T, void, undefined> {
  for (let n = firstPage; ; n++) {
    const page = await fetchPage(n);
    const items = itemsOf(page);
    yield* items;
    // An empty page also ends the walk, so a service that miscounts pages cannot loop forever.
    if (items.length === 0 || isLast(page, n)) return;
  }
}
