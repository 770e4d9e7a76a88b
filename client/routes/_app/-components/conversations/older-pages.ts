import type { ThreadMessage } from '../../../../../server/conversations/service';

/** A thread's latest messages as `conversations.get` answers them (oldest first), and the cursor of the ones before. */
export type LatestMessages = { messages: ThreadMessage[]; olderCursor: string | null };
/** The older pages loaded from `conversations.messages` (each newest first), with the cursor each was read from. */
export type OlderPages = { pages: { items: ThreadMessage[]; nextCursor: string | null }[]; pageParams: (string | null)[] };

/**
 * What the loaded older pages become when a refetch of the thread moves its latest messages from
 * `before` to `after` (new messages arrived). The pages hang from `before.olderCursor`: the messages
 * that left the latest ones (still known, from `before`) become their newest page, so nothing goes
 * missing between the latest and the older ones. When `after` no longer overlaps `before` (more new
 * messages than the latest ones hold), what lies between is unknown: `null`, the pages start again
 * from the new latest messages. The same `older` when nothing moved.
 */
export function olderPagesAfter(older: OlderPages | undefined, before: LatestMessages, after: LatestMessages): OlderPages | undefined | null {
  if (!older || older.pages.length === 0 || after.olderCursor === before.olderCursor) return older;
  const latest = new Set(after.messages.map((m) => m.id));
  const newest = before.messages.at(-1);
  const left = before.messages.filter((m) => !latest.has(m.id));
  if (after.olderCursor === null || !newest || !latest.has(newest.id) || left.length === 0 || older.pageParams[0] !== before.olderCursor) return null;
  return { pages: [{ items: left.reverse(), nextCursor: before.olderCursor }, ...older.pages], pageParams: [after.olderCursor, ...older.pageParams] };
}
