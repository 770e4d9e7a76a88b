import { z } from 'zod';
import { CONVERSATION_ASSIGNEE_FILTERS, CONVERSATION_CHANNELS, CONVERSATION_STATUSES, type TListConversationsInput } from '../../../../../server/conversations/schema';

/** The open thread and the filters live in the URL: reload and Back keep them. The inbox shows open threads unless asked otherwise. */
export const ZConversationsSearch = z.object({
  id: z.uuid().optional().catch(undefined),
  channel: z.enum(CONVERSATION_CHANNELS).optional().catch(undefined),
  status: z
    .enum([...CONVERSATION_STATUSES, 'all'])
    .optional()
    .catch(undefined),
  assignee: z.enum(CONVERSATION_ASSIGNEE_FILTERS).optional().catch(undefined),
});
export type ConversationsSearch = z.infer<typeof ZConversationsSearch>;

/** What the list asks the server for (the cursor is the infinite query's). */
export function listInputOf(search: ConversationsSearch): Omit<TListConversationsInput & object, 'cursor'> {
  const status = search.status ?? 'open';
  return { channel: search.channel, status: status === 'all' ? undefined : status, assignee: search.assignee };
}
