import { describe, expect, it } from 'vitest';
import { dispatchCampaign } from '../../server/campaigns/dispatch';
import { receiveInboundEmail } from '../../server/email/inbound';
import { dsnMime } from '../helpers/mime';
import { addContact, campaignsApp, HTML, until } from './campaigns-helpers';

const VIP = { match: 'all' as const, conditions: [{ type: 'tag' as const, tag: 'vip' }] };

describe('a recipient’s status after hand-over', { timeout: 120_000 }, () => {
  it('follows its e-mail: a bounce report after delivery counts the recipient bounced in the stats, the recipients table and the list', async () => {
    const { deps, owner, api } = await campaignsApp();
    const org = owner.organizationId;
    await addContact(deps, org, { email: 'ada@example.test', tags: ['vip'] });
    await addContact(deps, org, { email: 'bob@example.test', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Spring', channel: 'email', audience: VIP, email: { subject: 'Spring news', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    await until(
      () => api.campaigns.get({ id: campaign.id }),
      (c) => c.status === 'sent',
    );
    expect((await api.campaigns.stats({ id: campaign.id })).byStatus).toMatchObject({ delivered: 2, bounced: 0, queued: 0 });

    const bob = await deps.database.db
      .selectFrom('email_messages')
      .select(['message_id', 'token', 'to_address'])
      .where('organization_id', '=', org)
      .where('to_address', '=', 'bob@example.test')
      .executeTakeFirstOrThrow();
    const returnPath = `${deps.config.email.from.address.replace(/@.*$/, '')}+b.${bob.token}@${deps.config.email.from.address.replace(/^.*@/, '')}`;
    await receiveInboundEmail(deps, dsnMime({ to: returnPath, recipient: bob.to_address, status: '5.1.1', originalMessageId: bob.message_id }));

    expect(await api.campaigns.stats({ id: campaign.id })).toMatchObject({ delivered: 1, bounced: 1, byStatus: { delivered: 1, bounced: 1 } });
    const bounced = await api.campaigns.recipients({ id: campaign.id, status: 'bounced' });
    expect(bounced.items.map((r) => [r.address, r.status])).toEqual([['bob@example.test', 'bounced']]);
    expect((await api.campaigns.list({})).items[0]).toMatchObject({ id: campaign.id, sent: 1 });
  });

  it('follows its SMS to the delivery report that comes after the row was handed over', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    await addContact(deps, org, { first_name: 'Ada', phone: '+14155550101', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Text', channel: 'sms', audience: VIP, sms: { body: 'Hi {{firstName|there}}!' } });
    await api.campaigns.send({ id: campaign.id });
    await dispatchCampaign(deps, { organizationId: org, campaignId: campaign.id });
    // The sandbox reports the message sent, then (a job a moment later) delivered, as Twilio's callbacks do.
    await until(
      () => deps.database.db.selectFrom('campaign_recipients').select('status').where('campaign_id', '=', campaign.id).executeTakeFirstOrThrow(),
      (row) => row.status === 'delivered',
    );
    expect((await api.campaigns.stats({ id: campaign.id })).byStatus).toMatchObject({ delivered: 1, sent: 0, queued: 0 });
  });
});
