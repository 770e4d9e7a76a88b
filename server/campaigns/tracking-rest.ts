import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { recordActivity } from '../activities/service';
import type { AppDeps } from '../deps';
import { parseInput } from '../errors';
import { publishEvent } from '../events/publish';
import type { AppEnv } from '../http/env';
import { campaignEntry } from './timeline';
import { isMachineFetch, isWebLink, verifyClick, verifyOpen } from './tracking';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const ZRecipientParam = z.strictObject({ recipientId: z.uuid('must be a recipient id') });
const ZClickQuery = z.object({ u: z.string({ error: 'is required' }).max(4000, 'must be at most 4000 characters'), s: z.string({ error: 'is required' }).max(100) });

/** The recipient a tracked request names, with its campaign's key and when its message left (public door: no organization in the request). */
async function recipientOf(deps: AppDeps, recipientId: string) {
  return deps.database.db
    .selectFrom('campaign_recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .leftJoin('email_messages as em', 'em.id', 'r.email_message_id')
    .select(['r.id', 'r.organization_id', 'r.campaign_id', 'r.contact_id', 'c.name as campaign_name', 'c.channel', 'c.tracking_key', 'em.sent_at'])
    .where('r.id', '=', recipientId)
    .executeTakeFirst();
}

async function record(c: Context<AppEnv>, recipient: NonNullable<Awaited<ReturnType<typeof recipientOf>>>, type: 'open' | 'click', url: string | null) {
  const meta = c.var.meta;
  const machine = isMachineFetch({ userAgent: meta.userAgent, ip: meta.ip === 'unknown' ? null : meta.ip, sentAt: recipient.sent_at, at: new Date() });
  // No event per open: a campaign's opens come by the thousand; the report reads them when it refreshes.
  await c.var.deps.database.db.transaction().execute(async (trx) => {
    // A person's first open of this copy, or first click of this link, is announced (automations' e-mail opened / clicked triggers).
    let first = !machine && recipient.contact_id !== null;
    if (first) {
      let earlier = trx.selectFrom('campaign_events').select('id').where('recipient_id', '=', recipient.id).where('type', '=', type).where('machine', '=', false);
      if (url !== null) earlier = earlier.where('url', '=', url);
      first = !(await earlier.limit(1).executeTakeFirst());
    }
    await trx
      .insertInto('campaign_events')
      .values({ organization_id: recipient.organization_id, campaign_id: recipient.campaign_id, recipient_id: recipient.id, type, machine, url, user_agent: meta.userAgent })
      .execute();
    if (first && recipient.contact_id !== null) {
      await publishEvent(trx, {
        organizationId: recipient.organization_id,
        type: type === 'open' ? 'campaign_email_opened' : 'campaign_email_clicked',
        payload: { campaignId: recipient.campaign_id, recipientId: recipient.id, contactId: recipient.contact_id, ...(url !== null ? { url } : {}) },
        actorUserId: null,
      });
      // …and goes on the contact's timeline, once: a person's first open, first click of each link.
      const campaign = { organizationId: recipient.organization_id, campaignId: recipient.campaign_id, campaignName: recipient.campaign_name, channel: recipient.channel };
      await recordActivity(trx, campaignEntry(campaign, type === 'open' ? 'campaign_opened' : 'campaign_clicked', recipient.contact_id, recipient.id, url ?? undefined));
    }
  });
}

/**
 * /api/campaigns/t: the open pixel and the click redirect of campaign e-mail (public: the
 * signature is the credential). A bad signature records nothing and redirects nowhere.
 */
export const trackingRest = new Hono<AppEnv>()
  .get('/o/:recipientId', async (c) => {
    const { recipientId } = parseInput(ZRecipientParam, { recipientId: c.req.param('recipientId') });
    const recipient = await recipientOf(c.var.deps, recipientId);
    if (recipient && verifyOpen(recipient.tracking_key, recipientId, c.req.query('s'))) await record(c, recipient, 'open', null);
    // The image answers the same either way, so the pixel tells a prober nothing.
    return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, private' });
  })
  .get('/c/:recipientId', async (c) => {
    const { recipientId } = parseInput(ZRecipientParam, { recipientId: c.req.param('recipientId') });
    const { u: target, s } = parseInput(ZClickQuery, c.req.query());
    const recipient = await recipientOf(c.var.deps, recipientId);
    if (!recipient || !isWebLink(target) || !verifyClick(recipient.tracking_key, recipientId, target, s)) {
      return c.json({ error: 'This link is not valid: it was changed or is not a link of our e-mail', code: 'BAD_REQUEST' }, 400);
    }
    await record(c, recipient, 'click', target);
    return c.redirect(target, 302);
  });
