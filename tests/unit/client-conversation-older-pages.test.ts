import { describe, expect, it } from 'vitest';
import { olderPagesAfter, type LatestMessages, type OlderPages } from '../../client/routes/_app/-components/conversations/older-pages';
import type { ThreadMessage } from '../../server/conversations/service';

// A thread of numbered messages: the latest `size` of the first `count`, and the older pages below them.
const message = (n: number): ThreadMessage => ({
  id: `m${n}`,
  direction: 'inbound',
  authorName: null,
  automated: false,
  body: `Message ${n}`,
  status: null,
  subject: null,
  createdAt: '2026-12-01T00:00:00.000Z',
});
const cursorBefore = (n: number) => (n > 0 ? `before-${n}` : null);
function latest(count: number, size: number): LatestMessages {
  const from = Math.max(0, count - size);
  return { messages: Array.from({ length: count - from }, (_, i) => message(from + i)), olderCursor: cursorBefore(from) };
}
/** Pages of `size` read back from just below `from`, `pages` of them (as conversations.messages answers them). */
function olderPages(from: number, size: number, pages: number): OlderPages {
  const result: OlderPages = { pages: [], pageParams: [] };
  for (let p = 0, top = from; p < pages && top > 0; p++, top -= size) {
    const bottom = Math.max(0, top - size);
    result.pageParams.push(cursorBefore(top));
    result.pages.push({ items: Array.from({ length: top - bottom }, (_, i) => message(top - 1 - i)), nextCursor: cursorBefore(bottom) });
  }
  return result;
}
/** What the thread shows: the older pages reversed, then the latest messages, without the repeats. */
function shown(older: OlderPages | undefined | null, now: LatestMessages): string[] {
  const ids = now.messages.map((m) => m.id);
  const below = (older?.pages ?? [])
    .flatMap((p) => p.items)
    .map((m) => m.id)
    .filter((id) => !ids.includes(id))
    .reverse();
  return [...below, ...ids];
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `m${from + i}`);

describe('the older pages of a thread when its latest messages move', () => {
  it('are left as they are when nothing moved, or when none are loaded', () => {
    const before = latest(300, 200);
    const older = olderPages(100, 50, 1);
    expect(olderPagesAfter(older, before, latest(300, 200))).toBe(older);
    expect(olderPagesAfter(undefined, before, latest(310, 200))).toBeUndefined();
    const none: OlderPages = { pages: [], pageParams: [] };
    expect(olderPagesAfter(none, before, latest(310, 200))).toBe(none);
  });

  it('keep no gap when a few new messages arrive: the ones that left the latest become the newest older page', () => {
    // 300 messages: 100–299 the latest, 50–99 loaded; then 7 more arrive.
    const before = latest(300, 200);
    const after = latest(307, 200);
    const older = olderPagesAfter(olderPages(100, 50, 1), before, after)!;
    expect(shown(older, after)).toEqual(range(50, 307));
    expect(older.pageParams).toEqual([cursorBefore(107), cursorBefore(100)]);
    expect(older.pages[0]).toEqual({
      items: range(100, 107)
        .reverse()
        .map((id) => expect.objectContaining({ id })),
      nextCursor: cursorBefore(100),
    });
    // The next older page continues where the loaded ones end.
    expect(older.pages.at(-1)!.nextCursor).toBe(cursorBefore(50));
    // Exactly as many new messages as the latest hold still overlap (the newest before is the oldest now).
    const full = olderPagesAfter(olderPages(100, 50, 2), before, latest(499, 200))!;
    expect(shown(full, latest(499, 200))).toEqual(range(0, 499));
  });

  it('start again from the newest messages when more arrived than the latest hold (what came between is unknown)', () => {
    const before = latest(300, 200);
    expect(olderPagesAfter(olderPages(100, 50, 2), before, latest(501, 200))).toBeNull();
    expect(olderPagesAfter(olderPages(100, 50, 2), before, latest(700, 200))).toBeNull();
  });

  it('start again when the latest hold the whole thread, or the pages hang from other latest messages', () => {
    const older = olderPages(100, 50, 1);
    expect(olderPagesAfter(older, latest(300, 200), latest(300, 400))).toBeNull();
    expect(olderPagesAfter(older, latest(310, 200), latest(320, 200))).toBeNull();
  });
});
