import { describe, expect, it } from 'vitest';
import { pickWinner } from '../../server/campaigns/ab-test';
import { dispatchCampaign } from '../../server/campaigns/dispatch';
import { receiveInboundEmail } from '../../server/email/inbound';
import { replyMime } from '../helpers/mime';
import { addContact, campaignsApp, HTML, until } from './campaigns-helpers';

const reply = (options: { from: string; inReplyTo?: string; references?: string[] }) => replyMime({ ...options, to: 'clinic@example.org', subject: 'Re: Spring news' });

describe('campaign replies', { timeout: 120_000 }, () => {
  it('count each recipient whose reply threaded to the campaign’s message once, however it was threaded, in the stats and in the “replied” audience', async () => {
    const { deps, owner, api } = await campaignsApp();
    const org = owner.organizationId;
    for (const name of ['ada', 'bob', 'cy', 'dee']) await addContact(deps, org, { first_name: name, email: `${name}@example.test`, tags: ['vip'] });
    const audience = { match: 'all' as const, conditions: [{ type: 'tag' as const, tag: 'vip' }] };
    const campaign = await api.campaigns.create({ name: 'Spring', channel: 'email', audience, email: { subject: 'Spring news', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    await until(
      () => api.campaigns.get({ id: campaign.id }),
      (c) => c.status === 'sent',
    );
    const messages = await deps.database.db.selectFrom('email_messages').select(['id', 'message_id', 'to_address']).where('organization_id', '=', org).execute();
    const sentTo = (address: string) => messages.find((m) => m.to_address === address)!;

    // Ada answers twice; Bob's mail client sends References only; Cy writes a new e-mail (no thread); Dee does not answer.
    for (const _ of [1, 2]) expect(await receiveInboundEmail(deps, reply({ from: 'ada@example.test', inReplyTo: sentTo('ada@example.test').message_id }))).toMatchObject({ outcome: 'threaded' });
    expect(await receiveInboundEmail(deps, reply({ from: 'bob@example.test', references: [sentTo('bob@example.test').message_id] }))).toMatchObject({ outcome: 'threaded' });
    await receiveInboundEmail(deps, reply({ from: 'cy@example.test' }));

    expect(await api.campaigns.stats({ id: campaign.id })).toMatchObject({ recipients: 4, replied: 2 });
    const replied = { match: 'all' as const, conditions: [{ type: 'activity' as const, activity: 'replied' as const, withinDays: 7, campaignId: campaign.id }] };
    expect(await api.campaigns.audienceCount({ channel: 'email', audience: replied })).toMatchObject({ eligible: 2 });
  });

  it('an A/B test decided by replies: the variant with more recipients who replied wins and goes to the rest', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    for (let i = 0; i < 8; i++) await addContact(deps, org, { email: `ab${i}@example.test`, tags: ['vip'] });
    const audience = { match: 'all' as const, conditions: [{ type: 'tag' as const, tag: 'vip' }] };
    const campaign = await api.campaigns.create({
      name: 'AB replies',
      channel: 'email',
      audience,
      email: { subject: 'Subject A', content: HTML },
      abTest: { subjectB: 'Subject B', sharePercent: 50, metric: 'replies', waitHours: 4 },
    });
    await api.campaigns.send({ id: campaign.id });
    const data = { organizationId: org, campaignId: campaign.id };
    await dispatchCampaign(deps, data);
    const tested = await deps.database.db.selectFrom('email_messages').select(['message_id', 'to_address', 'subject']).where('organization_id', '=', org).execute();
    expect(tested.map((m) => m.subject).sort()).toEqual(['Subject A', 'Subject A', 'Subject B', 'Subject B']);
    const b = tested.find((m) => m.subject === 'Subject B')!;
    expect(await receiveInboundEmail(deps, reply({ from: b.to_address, inReplyTo: b.message_id }))).toMatchObject({ outcome: 'threaded' });

    await pickWinner(deps, data);
    await dispatchCampaign(deps, data);
    const all = await deps.database.db.selectFrom('email_messages').select('subject').where('organization_id', '=', org).where('direction', '=', 'outbound').execute();
    expect(all.filter((m) => m.subject === 'Subject B')).toHaveLength(6);
    expect(await api.campaigns.stats({ id: campaign.id })).toMatchObject({ winner: 'b', replied: 1 });
  });
});
