import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError, fieldError } from '../errors';
import { publishEvent } from '../events/publish';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { requireCampaign, summaryFigures, toDetail, toSummary, type CampaignRow } from './repo';
import type { TCampaignStatus, ZCampaignIdInput, ZCreateCampaignInput, ZListCampaignsInput, ZUpdateCampaignInput } from './schema';

/** A campaign's record with its live figures. */
export async function campaignDetail(db: Db, organizationId: string, row: CampaignRow) {
  return toDetail(row, (await summaryFigures(db, organizationId, [row.id])).get(row.id)!);
}

export async function listCampaigns(ctx: OrgContext, input: z.output<typeof ZListCampaignsInput>) {
  let query = scoped(ctx.db, ctx.organizationId).selectFrom('campaigns');
  if (input.status) query = query.where('status', '=', input.status);
  if (input.channel) query = query.where('channel', '=', input.channel);
  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(input.limit)
    .offset((input.page - 1) * input.limit)
    .execute();
  const figures = await summaryFigures(
    ctx.db,
    ctx.organizationId,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => toSummary(row, figures.get(row.id)!)), total, page: input.page, limit: input.limit };
}

export async function getCampaign(ctx: OrgContext, { id }: z.output<typeof ZCampaignIdInput>) {
  return campaignDetail(ctx.db, ctx.organizationId, await requireCampaign(ctx.db, ctx.organizationId, id));
}

type Message = Pick<z.output<typeof ZCreateCampaignInput>, 'email' | 'sms' | 'abTest'>;

/** The channel's message must be there, and only it: an SMS campaign has no subject to test. */
function assertMessageFits(channel: 'email' | 'sms', message: Message) {
  if (channel === 'email' && message.sms) throw fieldError('sms', 'must be left out of an e-mail campaign');
  if (channel === 'sms' && message.email) throw fieldError('email', 'must be left out of an SMS campaign');
  if (channel === 'sms' && message.abTest) throw fieldError('abTest', 'is only for e-mail campaigns (it tests the subject or the body)');
}

export async function createCampaign(ctx: OrgContext, input: z.output<typeof ZCreateCampaignInput>) {
  assertMessageFits(input.channel, input);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await scoped(trx, ctx.organizationId)
      .insertInto('campaigns', {
        name: input.name,
        channel: input.channel,
        audience: JSON.stringify(input.audience),
        email_subject: input.email?.subject ?? null,
        email_content: input.email ? JSON.stringify(input.email.content) : null,
        sms_body: input.sms?.body ?? null,
        ab_test: input.abTest ? JSON.stringify(input.abTest) : null,
        tracking_key: randomBytes(32).toString('hex'),
        created_by: actorIdOf(ctx),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await publishCampaignChange(trx, ctx.organizationId, created.id, created.status, actorIdOf(ctx));
    return created;
  });
  return campaignDetail(ctx.db, ctx.organizationId, row);
}

const EDITABLE: readonly TCampaignStatus[] = ['draft', 'scheduled'];

export async function updateCampaign(ctx: OrgContext, { id, ...changes }: z.output<typeof ZUpdateCampaignInput>) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await requireCampaign(trx, ctx.organizationId, id, { lock: true });
    if (!EDITABLE.includes(current.status)) throw new DomainError('CONFLICT', `The campaign is ${current.status}; only a draft or a scheduled campaign can be edited`);
    assertMessageFits(current.channel, changes);
    const updated = await scoped(trx, ctx.organizationId)
      .updateTable('campaigns')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.audience !== undefined ? { audience: JSON.stringify(changes.audience) } : {}),
        ...(changes.email !== undefined ? { email_subject: changes.email.subject, email_content: JSON.stringify(changes.email.content) } : {}),
        ...(changes.sms !== undefined ? { sms_body: changes.sms.body } : {}),
        ...(changes.abTest !== undefined ? { ab_test: changes.abTest ? JSON.stringify(changes.abTest) : null } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await publishCampaignChange(trx, ctx.organizationId, id, updated.status, actorIdOf(ctx));
    return updated;
  });
  return campaignDetail(ctx.db, ctx.organizationId, row);
}

/** A campaign that reached anyone stays for its report; a draft, a scheduled or a cancelled one with no message sent can go. */
export async function deleteCampaign(ctx: OrgContext, { id }: z.output<typeof ZCampaignIdInput>) {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await requireCampaign(trx, ctx.organizationId, id, { lock: true });
    const sent = await scoped(trx, ctx.organizationId)
      .selectFrom('campaign_recipients')
      .select('id')
      .where('campaign_id', '=', id)
      .where((eb) => eb.or([eb('email_message_id', 'is not', null), eb('sms_message_id', 'is not', null)]))
      .limit(1)
      .executeTakeFirst();
    if (['sending', 'paused', 'sent'].includes(current.status) || sent) {
      throw new DomainError('CONFLICT', `The campaign is ${current.status} and has reached recipients; it is kept for its report`);
    }
    await scoped(trx, ctx.organizationId).deleteFrom('campaigns').where('id', '=', id).execute();
    await publishCampaignChange(trx, ctx.organizationId, id, 'deleted', actorIdOf(ctx));
  });
  return { id };
}

/** Tells the organization's screens a campaign changed (its state or its figures), in the change's transaction. */
export function publishCampaignChange(trx: Db, organizationId: string, campaignId: string, status: TCampaignStatus | 'deleted', actorUserId: string | null) {
  return publishEvent(trx, { organizationId, type: 'campaign_updated', payload: { campaignId, status }, actorUserId });
}
