import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { conversationsRouter } from './router';

/**
 * Reading the inbox is every member's; answering, and assigning, closing and reopening threads, a
 * Sales Rep's — on the threads that are theirs or nobody's; a Manager's on any (service.ts).
 */
const permissions = {
  'conversations:read': { minimumRole: 'viewer' },
  'conversations:reply': { minimumRole: 'sales_rep' },
  'conversations:assign': { minimumRole: 'sales_rep' },
} as const satisfies Record<string, PermissionRule>;

const events = {
  /** A thread assigned, closed or reopened (its messages raise their channel's events). */
  conversation_updated: { permission: 'conversations:read', invalidates: ['conversations'] },
} as const satisfies Record<string, EventRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const conversationsDomain = defineDomain({ name: 'conversations', router: { conversations: conversationsRouter }, permissions, events });
