import { permittedProcedure, router } from '../trpc/init';
import {
  ZAssignConversationInput,
  ZConversationIdInput,
  ZConversationMessagesInput,
  ZConversationPage,
  ZConversationReplied,
  ZConversationThread,
  ZListConversationsInput,
  ZReplyConversationInput,
  ZThreadMessagePage,
  ZSetConversationStatusInput,
} from './schema';
import * as conversations from './service';

/** The inbox of every channel: website chats, SMS and e-mail threads. */
export const conversationsRouter = router({
  list: permittedProcedure('conversations:read')
    .input(ZListConversationsInput)
    .output(ZConversationPage)
    .query(({ ctx, input }) => conversations.listConversations(ctx, input)),
  get: permittedProcedure('conversations:read')
    .input(ZConversationIdInput)
    .output(ZConversationThread)
    .query(({ ctx, input }) => conversations.getConversation(ctx, input)),
  /** Older messages of a thread, by cursor (GET /api/v1/conversations/{id}/messages). */
  messages: permittedProcedure('conversations:read')
    .input(ZConversationMessagesInput)
    .output(ZThreadMessagePage)
    .query(({ ctx, input }) => conversations.listConversationMessages(ctx, input)),
  markRead: permittedProcedure('conversations:read')
    .input(ZConversationIdInput)
    .mutation(({ ctx, input }) => conversations.markConversationRead(ctx, input)),
  reply: permittedProcedure('conversations:reply')
    .input(ZReplyConversationInput)
    .output(ZConversationReplied)
    .mutation(({ ctx, input }) => conversations.replyToConversation(ctx, input)),
  assign: permittedProcedure('conversations:assign')
    .input(ZAssignConversationInput)
    .mutation(({ ctx, input }) => conversations.assignConversation(ctx, input)),
  setStatus: permittedProcedure('conversations:assign')
    .input(ZSetConversationStatusInput)
    .mutation(({ ctx, input }) => conversations.setConversationStatus(ctx, input)),
});
