import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import { chatRest } from './rest';
import { chatRouter } from './router';

const events = {
  chat_message: { permission: 'contacts:read', invalidates: ['chat.list', 'chat.get', 'conversations'] },
} as const satisfies Record<string, EventRule>;

declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const chatDomain = defineDomain({ name: 'chat', router: { chat: chatRouter }, rest: [{ path: '/chat', routes: () => chatRest }], events });
