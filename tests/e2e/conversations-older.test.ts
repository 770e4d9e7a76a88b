import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { openSignedIn, trpcMutation } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

describe('/conversations, a thread longer than one page', () => {
  it('loads its older messages down to the first, and says where the conversation begins', async () => {
    const { page } = await openSignedIn(e2e);
    const created = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Long', lastName: 'Thread', email: 'long.thread@example.test' });
    const contact = ((await created.json()) as { result: { data: { id: string } } }).result.data;
    const sent = await trpcMutation(page, e2e, 'email.send', { to: contact.id, subject: 'Many replies', text: 'The very first message.' });
    const { id } = ((await sent.json()) as { result: { data: { id: string } } }).result.data;
    const first = await e2e.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // More than the 200 a thread shows; two of them in each instant, so the order also rests on ids.
    const start = new Date(first.created_at as string | Date).getTime();
    await e2e.db
      .insertInto('email_messages')
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          ...first,
          id: randomUUID(),
          message_id: `<older-${i}-${id}@example.test>`,
          token: randomUUID(),
          thread_id: id,
          headers: JSON.stringify(first.headers),
          attachments: JSON.stringify(first.attachments),
          text: `Reply ${i}`,
          created_at: new Date(start + 1000 * (1 + Math.floor(i / 2))),
        })),
      )
      .execute();

    await page.goto('/conversations');
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: /Long Thread/ })
      .click();
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Reply 229', { exact: true }).waitFor();
    await messages.getByRole('button', { name: 'Load older messages' }).click();
    await messages.getByText('The very first message.').waitFor();
    await messages.getByText('Reply 0', { exact: true }).waitFor();
    await messages.getByText('Beginning of the conversation').waitFor();
  });
});
