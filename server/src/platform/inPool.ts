// Work over a list a few at a time: enough to overlap the database's round trips, few enough that one page view does
// not take every connection of the pool.

/** `work` of each item, at most `size` running at once; the answers in the items' order. */
export async function inPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return answers;
}
