import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation } from './helpers/accounts';
import { E2E_INBOUND_SECRET, useE2E } from './helpers/app';

const e2e = useE2E();

describe('/conversations, the inbox of every channel', () => {
  it('a contact’s e-mail reply appears live in the open thread, and the team answers it from there', async () => {
    const { page } = await openSignedIn(e2e);
    const created = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Ada', lastName: 'Byron', email: 'ada.inbox@example.test' });
    const contact = ((await created.json()) as { result: { data: { id: string } } }).result.data;
    const sent = await trpcMutation(page, e2e, 'email.send', { to: contact.id, subject: 'Your quote', text: 'Here is the quote we discussed.' });
    expect(sent.status()).toBe(200);
    const { id } = ((await sent.json()) as { result: { data: { id: string } } }).result.data;
    const original = await e2e.db.selectFrom('email_messages').select(['message_id', 'token']).where('id', '=', id).executeTakeFirstOrThrow();

    await page.goto('/conversations');
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: /Ada Byron/ })
      .click();
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Here is the quote we discussed.').waitFor();

    // The contact answers; the provider posts the raw message to the inbound webhook.
    const reply = [
      'From: Ada Byron <ada.inbox@example.test>',
      `To: reply+r.${original.token}@localhost`,
      'Subject: Re: Your quote',
      `Message-ID: <reply-${id}@example.test>`,
      `In-Reply-To: ${original.message_id}`,
      `References: ${original.message_id}`,
      'Date: Wed, 25 Nov 2026 10:00:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Tuesday works for me.',
      '',
    ].join('\r\n');
    const posted = await fetch(`${e2e.url}/api/email/inbound/${E2E_INBOUND_SECRET}`, { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: reply });
    expect(posted.status).toBe(200);
    // No reload: the email_received event refreshes the open thread.
    await messages.getByText('Tuesday works for me.').waitFor();

    await page.getByLabel('Reply', { exact: true }).fill('Tuesday at 10 then.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await messages.getByText('Tuesday at 10 then.').waitFor();
    const answered = await e2e.db
      .selectFrom('email_messages')
      .select(['subject', 'in_reply_to', 'to_address'])
      .where('direction', '=', 'outbound')
      .where('subject', '=', 'Re: Your quote')
      .executeTakeFirstOrThrow();
    expect(answered).toEqual({ subject: 'Re: Your quote', in_reply_to: `<reply-${id}@example.test>`, to_address: 'ada.inbox@example.test' });
  });
});
