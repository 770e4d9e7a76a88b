import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError, fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { readSettings } from '../organizations/settings';
import { campaignDetail, publishCampaignChange } from './campaigns';
import { materializeRecipients, startMoment } from './materialize';
import { renderCampaignBody } from './render';
import { abTestDecidesAt, emailVersion, requireCampaign, type AbTest, type CampaignRow } from './repo';
import type { TCampaignStatus, ZCampaignIdInput, ZScheduleInput } from './schema';

export const DISPATCH_JOB = 'campaigns.dispatch';
export const WINNER_JOB = 'campaigns.pickWinner';
/** `finishChecks`: how many times this chain already found messages still on their way (dispatch.ts). */
export type CampaignJobData = { organizationId: string; campaignId: string; finishChecks?: number };

/** A campaign must say something before it goes: the channel's message, renderable — and the A/B test's body B too. */
async function assertSendable(row: CampaignRow) {
  if (row.channel === 'sms') {
    if (!row.sms_body) throw fieldError('sms.body', 'is required before sending');
    return;
  }
  if (!row.email_subject || !row.email_content) throw fieldError('email', 'a subject and a body are required before sending');
  for (const version of ['a', 'b'] as const) {
    const { content, contentField } = emailVersion(row, version);
    await renderCampaignBody(content, {}, contentField);
  }
}

function assertStatus(row: CampaignRow, allowed: readonly TCampaignStatus[], action: string) {
  if (!allowed.includes(row.status)) throw new DomainError('CONFLICT', `The campaign is ${row.status}; it cannot be ${action}`);
}

/**
 * Moves a campaign on in one transaction with its row locked: the change, its event, and the job
 * that carries it out commit together or not at all.
 */
async function transition(
  ctx: OrgContext,
  id: string,
  change: (trx: Db, row: CampaignRow) => Promise<Partial<Pick<CampaignRow, 'status' | 'scheduled_at' | 'recipient_local_time' | 'started_at' | 'finished_at'>>>,
) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await requireCampaign(trx, ctx.organizationId, id, { lock: true });
    const set = await change(trx, current);
    const updated = await scoped(trx, ctx.organizationId)
      .updateTable('campaigns')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await publishCampaignChange(trx, ctx.organizationId, id, updated.status, actorIdOf(ctx));
    return updated;
  });
  return campaignDetail(ctx.db, ctx.organizationId, row);
}

const dispatch = (deps: AppDeps, trx: Db, organizationId: string, campaignId: string, startAfter?: Date) =>
  deps.jobs.send(DISPATCH_JOB, { organizationId, campaignId }, { db: trx, ...(startAfter ? { startAfter } : {}) });

/** Starts sending now: the audience is evaluated and copied into the outbox in this transaction. */
export async function startSending(trx: Db, deps: AppDeps, organizationId: string, row: CampaignRow, now: Date) {
  const { timezone } = await readSettings(trx, organizationId);
  const toSend = await materializeRecipients(trx, organizationId, row, now, timezone);
  if (row.ab_test) await deps.jobs.send(WINNER_JOB, { organizationId, campaignId: row.id }, { db: trx, startAfter: abTestDecidesAt(now, row.ab_test as AbTest) });
  await dispatch(deps, trx, organizationId, row.id);
  return toSend;
}

export function sendCampaign(ctx: OrgContext, { id }: z.output<typeof ZCampaignIdInput>) {
  return transition(ctx, id, async (trx, row) => {
    assertStatus(row, ['draft', 'scheduled'], 'sent now');
    await assertSendable(row);
    const now = new Date();
    await startSending(trx, ctx.deps, ctx.organizationId, { ...row, scheduled_at: null, recipient_local_time: null }, now);
    return { status: 'sending', started_at: now, scheduled_at: null, recipient_local_time: null };
  });
}

export function scheduleCampaign(ctx: OrgContext, input: z.output<typeof ZScheduleInput>) {
  return transition(ctx, input.id, async (trx, row) => {
    assertStatus(row, ['draft', 'scheduled'], 'scheduled');
    await assertSendable(row);
    const at = new Date(input.at);
    if (at.getTime() <= Date.now()) throw fieldError('at', 'must be in the future');
    const { timezone } = await readSettings(trx, ctx.organizationId);
    const schedule = { scheduled_at: at, recipient_local_time: input.recipientLocalTime ?? null };
    // A job of an earlier schedule finds the start moment moved and does nothing.
    await dispatch(ctx.deps, trx, ctx.organizationId, row.id, startMoment(schedule, timezone)!);
    return { status: 'scheduled', ...schedule };
  });
}

export function pauseCampaign(ctx: OrgContext, { id }: z.output<typeof ZCampaignIdInput>) {
  return transition(ctx, id, async (_trx, row) => {
    assertStatus(row, ['sending'], 'paused');
    return { status: 'paused' };
  });
}

export function resumeCampaign(ctx: OrgContext, { id }: z.output<typeof ZCampaignIdInput>) {
  return transition(ctx, id, async (trx, row) => {
    assertStatus(row, ['paused'], 'resumed');
    await dispatch(ctx.deps, trx, ctx.organizationId, row.id);
    return { status: 'sending' };
  });
}

/** Cancelling ends every row not yet handed to the channel; messages already queued there still go. */
export function cancelCampaign(ctx: OrgContext, { id }: z.output<typeof ZCampaignIdInput>) {
  return transition(ctx, id, async (trx, row) => {
    assertStatus(row, ['draft', 'scheduled', 'sending', 'paused'], 'cancelled');
    await scoped(trx, ctx.organizationId)
      .updateTable('campaign_recipients')
      .set({ status: 'cancelled', error: 'The campaign was cancelled', updated_at: new Date() })
      .where('campaign_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    return { status: 'cancelled', finished_at: new Date() };
  });
}
