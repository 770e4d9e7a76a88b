import type { z } from 'zod';
import { requireContact } from '../contacts/lookup';
import { scoped } from '../db/scoped';
import { contactValues } from '../email/send';
import { queueEmail } from '../email/outbox';
import { DomainError, fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { mergeText, renderCampaignBody } from './render';
import { emailVersion, requireCampaign } from './repo';
import type { ZTestSendInput } from './schema';

/** The service entry points the router and REST call (each module names its own). */

export { listCampaigns, getCampaign, createCampaign, updateCampaign, deleteCampaign } from './campaigns';
export { sendCampaign, scheduleCampaign, pauseCampaign, resumeCampaign, cancelCampaign } from './lifecycle';
export { audienceCount } from './audience';
export { sendSmsToSegment, smsSegmentCount } from './sms-segment';
export { campaignStats, campaignRecipients } from './stats';
export { campaignPerformance } from './performance';
export { engagementOverTime, exportRecipients } from './report';
export { listLists, getList, createList, renameList, deleteList, addContactsToList, addMatchingContactsToList, removeContactsFromList, importList } from './lists';

/**
 * A test send of an e-mail campaign to the signed-in member's own address, merged as a chosen
 * contact (or with fallbacks): a marketing message like the real ones (footer, unsubscribe), with
 * no tracking and no recipient row, so the report counts only the audience. `variant: 'b'` sends
 * the A/B test's version B (its subject and body where it varies them).
 */
export async function testSend(ctx: OrgContext, input: z.output<typeof ZTestSendInput>) {
  const user = ctx.auth.user;
  if (!user) throw new DomainError('FORBIDDEN', 'A test send goes to a signed-in member’s own address, not an API key');
  const campaign = await requireCampaign(ctx.db, ctx.organizationId, input.id);
  if (campaign.channel !== 'email' || !campaign.email_subject || !campaign.email_content) {
    throw new DomainError('CONFLICT', 'Test sends are for e-mail campaigns with a subject and a body');
  }
  if (input.variant === 'b' && !campaign.ab_test) throw fieldError('variant', 'must be a: the campaign has no A/B test');
  const version = emailVersion(campaign, input.variant);
  let values: Record<string, string> = {};
  if (input.contactId) {
    await requireContact(ctx.db, ctx.organizationId, input.contactId, await ownerOnlyFilter(ctx.db, ctx.auth));
    const contact = await scoped(ctx.db, ctx.organizationId).selectFrom('contacts').selectAll().where('id', '=', input.contactId).executeTakeFirstOrThrow();
    values = contactValues(contact);
  }
  const body = await renderCampaignBody(version.content, values, version.contentField);
  const queued = await ctx.db.transaction().execute((trx) =>
    queueEmail(trx, ctx.deps, {
      organizationId: ctx.organizationId,
      kind: 'marketing',
      to: user.email,
      toName: user.name,
      createdBy: actorIdOf(ctx),
      subject: `[Test${input.variant === 'b' ? ' B' : ''}] ${mergeText(version.subject, values)}`,
      html: body.html,
      text: body.text,
    }),
  );
  return { to: user.email, messageId: queued.id };
}
