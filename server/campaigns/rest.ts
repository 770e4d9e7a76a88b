import { Hono } from 'hono';
import type { z } from 'zod';
import { fieldError, parseInput } from '../errors';
import { requireOrg } from '../http/auth';
import { readBody, readQuery } from '../http/body';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import type { OrgContext } from '../kernel/context';
import {
  ZCampaignIdInput,
  ZCreateCampaignInput,
  ZCreateListInput,
  ZImportListInput,
  ZListContactsBody,
  ZListIdInput,
  ZExportRecipientsQuery,
  ZListCampaignsQuery,
  ZRenameListBody,
  ZRestCreateCampaignBody,
  ZStatsQuery,
  type TAudience,
} from './schema';
import * as campaigns from './service';

const idOf = (c: { req: { param: (name: string) => string } }) => parseInput(ZCampaignIdInput, { id: c.req.param('id') });
const listIdOf = (c: { req: { param: (name: string) => string } }) => parseInput(ZListIdInput, { id: c.req.param('id') });

type RestBody = z.output<typeof ZRestCreateCampaignBody>;

/** The issue's flat body as the procedures' input: tag and saved view become conditions of the segment (all must hold). */
function createInputOf(body: RestBody) {
  const audience: TAudience = body.audience.segment ?? { match: 'all', conditions: [] };
  const extra = [
    ...(body.audience.tag ? [{ type: 'tag' as const, tag: body.audience.tag, negate: false }] : []),
    ...(body.audience.savedViewId ? [{ type: 'saved_view' as const, savedViewId: body.audience.savedViewId }] : []),
  ];
  const segment: TAudience =
    extra.length === 0
      ? audience
      : { match: 'all', conditions: [...extra, ...(audience.conditions.length ? [{ match: audience.match, conditions: audience.conditions.filter((c) => 'type' in c) }] : [])] };
  if (audience.conditions.some((c) => !('type' in c)) && extra.length > 0) throw fieldError('audience.segment', 'must not nest groups when tag or savedViewId is given; put them in the segment');
  if (body.channel === 'sms') {
    if (body.subject || body.html || body.blocks) throw fieldError('subject', 'is for e-mail campaigns; an SMS campaign takes `text`');
    return parseInput(ZCreateCampaignInput, {
      name: body.name,
      channel: 'sms',
      audience: segment,
      ...(body.text ? { sms: { body: body.text } } : {}),
      ...(body.abTest ? { abTest: body.abTest } : {}),
    });
  }
  if (body.html && body.blocks) throw fieldError('blocks', 'must not be given with html: one body');
  const content = body.blocks ? { kind: 'blocks', blocks: body.blocks } : body.html ? { kind: 'html', html: body.html, ...(body.text ? { text: body.text } : {}) } : null;
  if (content && !body.subject) throw fieldError('subject', 'is required with a body');
  return parseInput(ZCreateCampaignInput, {
    name: body.name,
    channel: 'email',
    audience: segment,
    ...(content ? { email: { subject: body.subject, content } } : {}),
    ...(body.abTest ? { abTest: body.abTest } : {}),
  });
}

async function create(ctx: OrgContext, body: RestBody) {
  const created = await campaigns.createCampaign(ctx, createInputOf(body));
  return body.scheduledAt ? campaigns.scheduleCampaign(ctx, { id: created.id, at: body.scheduledAt }) : created;
}

/** /api/v1/campaigns for integrators (described in server/api-v1/doors.ts). */
export const campaignsRest = new Hono<AppEnv>()
  .get('/lists', requireOrg('campaigns:read'), async (c) => c.json(await campaigns.listLists(orgContextOf(c))))
  .post('/lists', requireOrg('campaigns:write'), async (c) => c.json(await campaigns.createList(orgContextOf(c), await readBody(c, ZCreateListInput)), 201))
  .post('/lists/import', requireOrg('campaigns:write'), async (c) => c.json(await campaigns.importList(orgContextOf(c), await readBody(c, ZImportListInput))))
  .get('/lists/:id', requireOrg('campaigns:read'), async (c) => c.json(await campaigns.getList(orgContextOf(c), listIdOf(c))))
  .patch('/lists/:id', requireOrg('campaigns:write'), async (c) => {
    const { id } = listIdOf(c);
    return c.json(await campaigns.renameList(orgContextOf(c), { id, ...(await readBody(c, ZRenameListBody)) }));
  })
  .delete('/lists/:id', requireOrg('campaigns:write'), async (c) => c.json(await campaigns.deleteList(orgContextOf(c), listIdOf(c))))
  .post('/lists/:id/contacts', requireOrg('campaigns:write'), async (c) => {
    const { id } = listIdOf(c);
    return c.json(await campaigns.addContactsToList(orgContextOf(c), { id, ...(await readBody(c, ZListContactsBody)) }));
  })
  // A POST, not a DELETE with a body: proxies and clients may drop a DELETE's body.
  .post('/lists/:id/contacts/remove', requireOrg('campaigns:write'), async (c) => {
    const { id } = listIdOf(c);
    return c.json(await campaigns.removeContactsFromList(orgContextOf(c), { id, ...(await readBody(c, ZListContactsBody)) }));
  })
  .get('/', requireOrg('campaigns:read'), async (c) => c.json(await campaigns.listCampaigns(orgContextOf(c), readQuery(c, ZListCampaignsQuery))))
  .post('/', requireOrg('campaigns:write'), async (c) => c.json(await create(orgContextOf(c), await readBody(c, ZRestCreateCampaignBody)), 201))
  .post('/:id/send', requireOrg('campaigns:write'), async (c) => c.json(await campaigns.sendCampaign(orgContextOf(c), idOf(c))))
  .post('/:id/pause', requireOrg('campaigns:write'), async (c) => c.json(await campaigns.pauseCampaign(orgContextOf(c), idOf(c))))
  .post('/:id/resume', requireOrg('campaigns:write'), async (c) => c.json(await campaigns.resumeCampaign(orgContextOf(c), idOf(c))))
  .post('/:id/cancel', requireOrg('campaigns:write'), async (c) => c.json(await campaigns.cancelCampaign(orgContextOf(c), idOf(c))))
  .get('/:id/stats', requireOrg('campaigns:read'), async (c) => {
    const { id } = idOf(c);
    return c.json(await campaigns.campaignStats(orgContextOf(c), { id, ...readQuery(c, ZStatsQuery) }));
  })
  // The export is recorded in the audit log: not a read-only transaction (decision 028).
  .get('/:id/recipients.csv', requireOrg('data:export', { writes: true }), async (c) => {
    const { id } = idOf(c);
    const result = await campaigns.exportRecipients(orgContextOf(c), { id, ...readQuery(c, ZExportRecipientsQuery) });
    return c.body(result.stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${result.filename}"`,
      'Cache-Control': 'no-store',
      'X-Total-Count': String(result.total),
    });
  });
