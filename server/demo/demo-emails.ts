import { randomBytes, randomUUID } from 'node:crypto';
import { recordActivity } from '../activities/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { plusAddress, withFooter } from '../email/outbox';
import { UNSUBSCRIBE_API_PATH } from '../email/schema';
import { suppressAddress } from '../email/suppressions';
import { updateSettings } from '../organizations/settings';

/** The demo organization's sender identity and postal address (Settings → E-mail), so it could send marketing at once. */
export const DEMO_EMAIL_SETTINGS = {
  fromName: 'Demo Company',
  fromAddress: 'hello@demo-company.example',
  replyTo: 'team@demo-company.example',
  postalAddress: '100 Market Street, Suite 300\nSan Francisco, CA 94105',
};

const HOUR = 3_600_000;

/**
 * The demo's e-mails: a few one-to-one e-mails its team sent (delivered), one that bounced (its
 * address now suppressed) and a contact's reply, as the outbox and the contacts' timelines show
 * them. Written as they would be after their send jobs ran; nothing is queued.
 */
export async function seedDemoEmails(db: Db, organizationId: string, options: { senderId: string; publicUrl: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  await updateSettings(db, organizationId, { email: DEMO_EMAIL_SETTINGS });
  const org = scoped(db, organizationId);
  const contacts = await org.selectFrom('contacts').select(['id', 'first_name', 'last_name', 'email']).where('email', 'is not', null).orderBy('created_at').orderBy('id').limit(4).execute();
  if (contacts.length < 4) return;
  const [ada, ben, cleo, dev] = contacts as [(typeof contacts)[number], (typeof contacts)[number], (typeof contacts)[number], (typeof contacts)[number]];
  const { fromName, fromAddress, replyTo, postalAddress } = DEMO_EMAIL_SETTINGS;

  async function outbound(contact: (typeof contacts)[number], subject: string, text: string, hoursAgo: number, outcome: 'delivered' | 'bounced') {
    const token = randomBytes(12).toString('hex');
    const unsubscribe = `${options.publicUrl}${UNSUBSCRIBE_API_PATH(token)}`;
    const html = text
      .split('\n\n')
      .map((p) => `<p>${p}</p>`)
      .join('');
    const body = withFooter({ html, text }, postalAddress, unsubscribe);
    const sentAt = new Date(now.getTime() - hoursAgo * HOUR);
    const to = contact.email!.toLowerCase();
    const bounce = 'Hard bounce 5.1.1: 550 5.1.1 The e-mail account that you tried to reach does not exist';
    const message = await org
      .insertInto('email_messages', {
        direction: 'outbound',
        kind: 'one_to_one',
        status: outcome,
        contact_id: contact.id,
        created_by: options.senderId,
        from_address: fromAddress,
        from_name: fromName,
        to_address: to,
        to_name: [contact.first_name, contact.last_name].filter(Boolean).join(' ') || null,
        reply_to: plusAddress(replyTo, `r.${token}`),
        subject,
        html: body.html,
        text: body.text,
        message_id: `<${randomUUID()}@demo-company.example>`,
        token,
        attempts: 1,
        provider_response: '250 2.0.0 OK queued',
        error: outcome === 'bounced' ? bounce : null,
        headers: JSON.stringify({ 'List-Unsubscribe': `<${unsubscribe}>, <mailto:${plusAddress(fromAddress, `u.${token}`)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }),
        sent_at: sentAt,
        delivered_at: outcome === 'delivered' ? sentAt : null,
        created_at: sentAt,
        updated_at: sentAt,
      })
      .returning(['id', 'message_id'])
      .executeTakeFirstOrThrow();
    const steps: [string, string | null][] = [['queued', null], ['sending', null], ['sent', '250 2.0.0 OK queued'], outcome === 'delivered' ? ['delivered', null] : ['bounced', bounce]];
    await org
      .insertInto(
        'email_events',
        steps.map(([type, detail], i) => ({ email_message_id: message.id, type: type as 'queued', detail, created_at: new Date(sentAt.getTime() + i * 1000) })),
      )
      .execute();
    await recordActivity(db, { organizationId, contactId: contact.id, type: 'email_out', actorUserId: options.senderId, payload: { messageId: message.id, to, subject } });
    if (outcome === 'bounced') await suppressAddress(db, organizationId, to, 'hard_bounce', message.id);
    return { ...message, token, sentAt };
  }

  const intro = await outbound(
    ada,
    'Your consultation next week',
    `Hi ${ada.first_name ?? 'there'},\n\nThanks for your call today. I have put you down for a consultation next Tuesday at 10:00; reply here if another time suits you better.\n\nBest,\nDemo Company`,
    50,
    'delivered',
  );
  await outbound(
    ben,
    'The quote you asked for',
    `Hi ${ben.first_name ?? 'there'},\n\nAs promised, here is a summary of the quote we discussed. Let me know if you have any questions.\n\nBest,\nDemo Company`,
    30,
    'delivered',
  );
  await outbound(
    cleo,
    'Following up',
    `Hi ${cleo.first_name ?? 'there'},\n\nJust checking in after last week’s demo: is there anything else you would like to see?\n\nBest,\nDemo Company`,
    20,
    'delivered',
  );
  await outbound(dev, 'Welcome to Demo Company', `Hi ${dev.first_name ?? 'there'},\n\nWelcome aboard! Your account manager will be in touch this week.\n\nBest,\nDemo Company`, 10, 'bounced');

  // Ada's reply, threaded to the e-mail it answers.
  const receivedAt = new Date(intro.sentAt.getTime() + 3 * HOUR);
  const reply = `Tuesday at 10:00 works for me. See you then!\n\n${ada.first_name ?? ''}`.trim();
  const inbound = await org
    .insertInto('email_messages', {
      direction: 'inbound',
      kind: 'one_to_one',
      status: 'received',
      contact_id: ada.id,
      from_address: ada.email!.toLowerCase(),
      from_name: [ada.first_name, ada.last_name].filter(Boolean).join(' '),
      to_address: plusAddress(replyTo, `r.${intro.token}`),
      subject: 'Re: Your consultation next week',
      html: reply
        .split('\n\n')
        .map((p) => `<p>${p}</p>`)
        .join(''),
      text: reply,
      message_id: `<${randomUUID()}@mail.example>`,
      in_reply_to: intro.message_id,
      references: [intro.message_id],
      thread_id: intro.id,
      token: randomBytes(12).toString('hex'),
      created_at: receivedAt,
      updated_at: receivedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await org.updateTable('email_messages').set({ thread_id: intro.id }).where('id', '=', intro.id).execute();
  await org.insertInto('email_events', { email_message_id: inbound.id, type: 'received', detail: null, created_at: receivedAt }).execute();
  await recordActivity(db, {
    organizationId,
    contactId: ada.id,
    type: 'email_in',
    actorUserId: null,
    payload: { messageId: inbound.id, from: ada.email, subject: 'Re: Your consultation next week', body: reply },
  });
}
