import { permittedProcedure, router } from '../trpc/init';
import {
  ZBulkSendSmsInput,
  ZContactSmsAccepted,
  ZCreateSmsTemplateInput,
  ZListSmsMessagesInput,
  ZSendContactSmsInput,
  ZSendSmsInput,
  ZSendTemplateSmsInput,
  ZSmsBatchIdInput,
  ZSmsConversationInput,
  ZSmsStatisticsInput,
  ZSmsTemplateIdInput,
  ZUpdateSmsSettingsInput,
  ZUpdateSmsTemplateInput,
} from './schema';
import * as sms from './service';

export const smsRouter = router({
  account: permittedProcedure('sms:read').query(({ ctx }) => sms.smsAccount(ctx)),
  send: permittedProcedure('sms:send')
    .input(ZSendSmsInput)
    .mutation(({ ctx, input }) => sms.sendSms(ctx, input)),
  /** POST /api/v1/contacts/{id}/sms. */
  sendToContact: permittedProcedure('sms:send')
    .input(ZSendContactSmsInput)
    .output(ZContactSmsAccepted)
    .mutation(({ ctx, input }) => sms.sendSmsToContact(ctx, input)),
  bulkSend: permittedProcedure('sms:send')
    .input(ZBulkSendSmsInput)
    .mutation(({ ctx, input }) => sms.bulkSendSms(ctx, input)),
  sendTemplate: permittedProcedure('sms:send')
    .input(ZSendTemplateSmsInput)
    .mutation(({ ctx, input }) => sms.sendTemplateSms(ctx, input)),
  // Seeds the default templates on first use: a write, so no read-only transaction.
  templates: permittedProcedure('sms:read')
    .meta({ outsideReadTransaction: true })
    .query(({ ctx }) => sms.listTemplates(ctx)),
  template: permittedProcedure('sms:read')
    .input(ZSmsTemplateIdInput)
    .query(({ ctx, input }) => sms.getTemplate(ctx, input)),
  createTemplate: permittedProcedure('sms:send')
    .input(ZCreateSmsTemplateInput)
    .mutation(({ ctx, input }) => sms.createTemplate(ctx, input)),
  updateTemplate: permittedProcedure('sms:send')
    .input(ZUpdateSmsTemplateInput)
    .mutation(({ ctx, input }) => sms.updateTemplate(ctx, input)),
  deleteTemplate: permittedProcedure('sms:send')
    .input(ZSmsTemplateIdInput)
    .mutation(({ ctx, input }) => sms.deleteTemplate(ctx, input)),
  messages: permittedProcedure('sms:read')
    .input(ZListSmsMessagesInput)
    .query(({ ctx, input }) => sms.listMessages(ctx, input)),
  conversations: permittedProcedure('sms:read').query(({ ctx }) => sms.listConversations(ctx)),
  conversation: permittedProcedure('sms:read')
    .input(ZSmsConversationInput)
    .query(({ ctx, input }) => sms.conversation(ctx, input)),
  batch: permittedProcedure('sms:read')
    .input(ZSmsBatchIdInput)
    .query(({ ctx, input }) => sms.batchProgress(ctx, input)),
  statistics: permittedProcedure('sms:read')
    .input(ZSmsStatisticsInput)
    .query(({ ctx, input }) => sms.smsStatistics(ctx, input)),
  settings: permittedProcedure('sms:read').query(({ ctx }) => sms.smsSettings(ctx)),
  updateSettings: permittedProcedure('settings:manage')
    .input(ZUpdateSmsSettingsInput)
    .mutation(({ ctx, input }) => sms.updateSmsSettings(ctx, input)),
});
