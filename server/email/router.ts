import { z } from 'zod';
import { permittedProcedure, router } from '../trpc/init';
import {
  ZAddSuppressionInput,
  ZCreateEmailTemplateInput,
  ZEmailAccepted,
  ZEmailIdInput,
  ZEmailPage,
  ZEmailPreview,
  ZEmailRecord,
  ZEmailTemplateIdInput,
  ZEmailTemplateRecord,
  ZListEmailsInput,
  ZListSuppressionsInput,
  ZPreviewEmailInput,
  ZSendEmailInput,
  ZSuppressionIdInput,
  ZUpdateEmailSettingsInput,
  ZUpdateEmailTemplateInput,
} from './schema';
import * as send from './send';
import { sendEmail } from './send-accept';
import { emailSettings, emailTransportStatus, sendTestEmail, updateEmailSettings, verifyEmailTransport } from './settings';
import { addSuppression, listSuppressions, removeSuppression } from './suppressions';
import * as templates from './templates';

export const emailRouter = router({
  send: permittedProcedure('email:send')
    .input(ZSendEmailInput)
    .output(ZEmailAccepted)
    .mutation(({ ctx, input }) => sendEmail(ctx, input)),
  preview: permittedProcedure('email:send')
    .input(ZPreviewEmailInput)
    .output(ZEmailPreview)
    .query(({ ctx, input }) => send.previewEmail(ctx, input)),
  list: permittedProcedure('email:read')
    .input(ZListEmailsInput.prefault({}))
    .output(ZEmailPage)
    .query(({ ctx, input }) => send.listEmails(ctx, input)),
  get: permittedProcedure('email:read')
    .input(ZEmailIdInput)
    .output(ZEmailRecord)
    .query(({ ctx, input }) => send.getEmail(ctx, input)),
  templates: permittedProcedure('email:read')
    .output(z.array(ZEmailTemplateRecord))
    .query(({ ctx }) => templates.listEmailTemplates(ctx)),
  template: permittedProcedure('email:read')
    .input(ZEmailTemplateIdInput)
    .output(ZEmailTemplateRecord)
    .query(({ ctx, input }) => templates.getEmailTemplate(ctx, input)),
  createTemplate: permittedProcedure('email:manage')
    .input(ZCreateEmailTemplateInput)
    .output(ZEmailTemplateRecord)
    .mutation(({ ctx, input }) => templates.createEmailTemplate(ctx, input)),
  updateTemplate: permittedProcedure('email:manage')
    .input(ZUpdateEmailTemplateInput)
    .output(ZEmailTemplateRecord)
    .mutation(({ ctx, input }) => templates.updateEmailTemplate(ctx, input)),
  deleteTemplate: permittedProcedure('email:manage')
    .input(ZEmailTemplateIdInput)
    .mutation(({ ctx, input }) => templates.deleteEmailTemplate(ctx, input)),
  // Settings → E-mail (admins).
  settings: permittedProcedure('email:manage').query(({ ctx }) => emailSettings(ctx)),
  updateSettings: permittedProcedure('email:manage')
    .input(ZUpdateEmailSettingsInput)
    .mutation(({ ctx, input }) => updateEmailSettings(ctx, input)),
  transport: permittedProcedure('email:manage').query(({ ctx }) => emailTransportStatus(ctx)),
  verifyTransport: permittedProcedure('email:manage').mutation(({ ctx }) => verifyEmailTransport(ctx)),
  sendTest: permittedProcedure('email:manage').mutation(({ ctx }) => sendTestEmail(ctx)),
  suppressions: permittedProcedure('email:manage')
    .input(ZListSuppressionsInput)
    .query(({ ctx, input }) => listSuppressions(ctx, input)),
  addSuppression: permittedProcedure('email:manage')
    .input(ZAddSuppressionInput)
    .mutation(({ ctx, input }) => addSuppression(ctx, input)),
  removeSuppression: permittedProcedure('email:manage')
    .input(ZSuppressionIdInput)
    .mutation(({ ctx, input }) => removeSuppression(ctx, input)),
});
