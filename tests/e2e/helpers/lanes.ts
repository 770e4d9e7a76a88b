import type { Page } from 'playwright-core';

/**
 * Pages a walk of many routes drives at once. A page spends much of each visit waiting (its network
 * going idle, the server's answers): a few pages side by side keep the browser busy on two cores.
 */
export const WALK_LANES = 3;

/**
 * Visits every item with `lanes` pages at once, each opened by `openLane` (its own browser context,
 * so no visit sees another's storage), each taking the next item when it is done with one.
 * Resolves with the results in the items' order; the first failure rejects once every lane stopped.
 */
export async function walkInLanes<Item, Result>(
  items: readonly Item[],
  openLane: () => Promise<Page>,
  visit: (page: Page, item: Item) => Promise<Result>,
  lanes: number = WALK_LANES,
): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    const page = await openLane();
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await visit(page, items[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(lanes, items.length) }, lane));
  const rejected = settled.find((s) => s.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}
