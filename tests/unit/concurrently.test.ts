import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { forEachConcurrently } from '../../server/kernel/concurrently';

describe('forEachConcurrently', () => {
  it('runs every item, never more than the limit at once, starting them in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await forEachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await delay(n % 3);
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
    expect(running).toBe(0);
  });

  it('rejects with the first failure once the tasks already started have ended, and starts no more', async () => {
    const ended: number[] = [];
    const run = forEachConcurrently([1, 2, 3, 4, 5], 2, async (n) => {
      if (n === 2) throw new Error('two failed');
      await delay(5);
      ended.push(n);
    });
    await expect(run).rejects.toThrow('two failed');
    expect(ended).toEqual([1]);
  });

  it('does nothing for no items', async () => {
    await forEachConcurrently([], 4, () => Promise.reject(new Error('never')));
  });
});
