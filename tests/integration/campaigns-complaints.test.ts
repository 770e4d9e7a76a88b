import { describe, expect, it } from 'vitest';
import { receiveInboundEmail } from '../../server/email/inbound';
import { addContact, campaignsApp, HTML, until } from './campaigns-helpers';

/** A feedback-loop report (ARF, RFC 5965) as mailbox providers send it: the reported message attached. */
function arfReport(messageId: string, feedbackType = 'abuse') {
  return [
    'From: fbl@provider.example',
    'To: abuse@example.com',
    'Subject: FW: Spring news',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf"',
    '',
    '--arf',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'This is an e-mail abuse report for an e-mail message received from IP 192.0.2.1.',
    '--arf',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${feedbackType}`,
    'User-Agent: ProviderFBL/1.0',
    'Version: 1',
    'Original-Rcpt-To: <ada@example.test>',
    '',
    '--arf',
    'Content-Type: message/rfc822',
    '',
    'From: Clinic <no-reply@example.com>',
    'To: ada@example.test',
    'Subject: Spring news',
    `Message-ID: ${messageId}`,
    '',
    'Hi Ada',
    '--arf--',
    '',
  ].join('\r\n');
}

describe('complaints (feedback-loop reports through the inbound doors)', { timeout: 120_000 }, () => {
  it('mark the recipient complained once, suppress the address, and count in the campaign’s stats; a not-spam report changes nothing', async () => {
    const { deps, owner, api } = await campaignsApp();
    const org = owner.organizationId;
    await addContact(deps, org, { first_name: 'Ada', email: 'ada@example.test', tags: ['vip'] });
    await addContact(deps, org, { first_name: 'Bob', email: 'bob@example.test', tags: ['vip'] });
    const campaign = await api.campaigns.create({
      name: 'Spring',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'vip' }] },
      email: { subject: 'Spring news', content: HTML },
    });
    await api.campaigns.send({ id: campaign.id });
    await until(
      () => api.campaigns.get({ id: campaign.id }),
      (c) => c.status === 'sent',
    );
    const messages = await deps.database.db.selectFrom('email_messages').select(['id', 'message_id', 'to_address']).where('organization_id', '=', org).orderBy('to_address').execute();
    const [ada, bob] = messages as [(typeof messages)[0], (typeof messages)[0]];

    expect(await receiveInboundEmail(deps, arfReport(bob.message_id, 'not-spam'))).toEqual({ outcome: 'ignored' });
    expect(await receiveInboundEmail(deps, arfReport(ada.message_id))).toEqual({ outcome: 'complaint', messageId: ada.id });
    // Providers send a report again: still one complaint.
    expect(await receiveInboundEmail(deps, arfReport(ada.message_id))).toEqual({ outcome: 'complaint', messageId: ada.id });
    expect(await receiveInboundEmail(deps, arfReport('<unknown@example.test>'))).toEqual({ outcome: 'unmatched' });

    const events = await deps.database.db.selectFrom('email_events').select(['email_message_id', 'detail']).where('type', '=', 'complained').where('organization_id', '=', org).execute();
    expect(events).toEqual([{ email_message_id: ada.id, detail: 'Marked as spam (abuse report)' }]);
    const suppressions = await deps.database.db.selectFrom('email_suppressions').select(['address', 'reason', 'source_message_id']).where('organization_id', '=', org).execute();
    expect(suppressions).toEqual([{ address: 'ada@example.test', reason: 'complaint', source_message_id: ada.id }]);
    expect(await api.campaigns.stats({ id: campaign.id })).toMatchObject({ complained: 1, unsubscribed: 0 });
    // The next campaign to the same audience leaves the address out, counted as suppressed.
    expect(await api.campaigns.audienceCount({ channel: 'email', audience: { match: 'all', conditions: [{ type: 'tag', tag: 'vip' }] } })).toMatchObject({ eligible: 1, suppressed: 1 });
  });
});
