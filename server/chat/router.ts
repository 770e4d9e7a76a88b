import { permittedProcedure, router } from '../trpc/init';
import { ZChatConversationIdInput, ZListChatConversationsInput, ZReplyChatInput } from './inputs';
import * as chat from './service';

/** The team's side of the website chat; visitors use the public REST doors (rest.ts). */
export const chatRouter = router({
  list: permittedProcedure('contacts:read')
    .input(ZListChatConversationsInput)
    .query(({ ctx, input }) => chat.listConversations(ctx, input)),
  get: permittedProcedure('contacts:read')
    .input(ZChatConversationIdInput)
    .query(({ ctx, input }) => chat.getConversation(ctx, input)),
  markRead: permittedProcedure('contacts:read')
    .input(ZChatConversationIdInput)
    .mutation(({ ctx, input }) => chat.markConversationRead(ctx, input)),
  reply: permittedProcedure('contacts:write')
    .input(ZReplyChatInput)
    .mutation(({ ctx, input }) => chat.replyToConversation(ctx, input)),
});
