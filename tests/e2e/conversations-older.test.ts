import { randomUUID } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation } from './helpers/accounts';
import { useE2E, type E2E } from './helpers/app';

const e2e = useE2E();

/**
 * A contact's e-mail thread longer than the 200 messages a thread shows, opened: its first message, then
 * "Reply 0"… "Reply 229", two of them in each second (so the order also rests on ids). `add` writes more
 * replies after those, as if they had arrived meanwhile.
 */
async function openLongThread(options: Parameters<E2E['open']>[0] = {}) {
  const { page } = await openSignedIn(e2e, options);
  const created = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Long', lastName: 'Thread', email: 'long.thread@example.test' });
  const contact = ((await created.json()) as { result: { data: { id: string } } }).result.data;
  const sent = await trpcMutation(page, e2e, 'email.send', { to: contact.id, subject: 'Many replies', text: 'The very first message.' });
  const { id } = ((await sent.json()) as { result: { data: { id: string } } }).result.data;
  const start = Date.now() - 3_600_000;
  await e2e.db
    .updateTable('email_messages')
    .set({ created_at: new Date(start) })
    .where('id', '=', id)
    .execute();
  const first = await e2e.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  let written = 0;
  const add = async (count: number) => {
    await e2e.db
      .insertInto('email_messages')
      .values(
        Array.from({ length: count }, (_, n) => {
          const i = written + n;
          return {
            ...first,
            id: randomUUID(),
            message_id: `<older-${i}-${id}@example.test>`,
            token: randomUUID(),
            thread_id: id,
            headers: JSON.stringify(first.headers),
            attachments: JSON.stringify(first.attachments),
            text: `Reply ${i}`,
            created_at: new Date(start + 1000 * (1 + Math.floor(i / 2))),
          };
        }),
      )
      .execute();
    written += count;
  };
  await add(230);

  await page.goto('/conversations');
  await page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: /Long Thread/ })
    .click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await messages.getByText('Reply 229', { exact: true }).waitFor();
  /** The thread's texts as stored, oldest first, the last `count` of them (the order the list must show). */
  const stored = async (count = Infinity) => {
    const rows = await e2e.db
      .selectFrom('email_messages')
      .select('text')
      .where((eb) => eb.or([eb('thread_id', '=', id), eb('id', '=', id)]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.text).slice(-count);
  };
  return { page, messages, add, stored };
}

/** Where a message is in the list's view, from its top: what loading older messages must not move. */
const placeOf = (message: Locator) => message.evaluate((node) => node.getBoundingClientRect().top - node.closest('ol')!.getBoundingClientRect().top);

/** Scrolls the list to its top, which loads the older page; answers where `message` was in view just then. */
const scrollToTop = (message: Locator) =>
  message.evaluate((node) => {
    const list = node.closest('ol')!;
    list.scrollTop = 0;
    return node.getBoundingClientRect().top - list.getBoundingClientRect().top;
  });

/** The thread's message texts as shown, top to bottom. */
const textsOf = (messages: Locator) => messages.locator('li p').allTextContents();

describe('/conversations, a thread longer than one page', () => {
  it('opens at its newest message, loads its older ones down to the first from the button, and says where the conversation begins', async () => {
    const { messages } = await openLongThread();
    await expect.poll(() => messages.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight)).toBeLessThan(2);
    // Clicked where it is: scrolling the list up to it would load the page by itself.
    await messages.getByRole('button', { name: 'Load older messages' }).evaluate((button) => (button as HTMLButtonElement).click());
    await messages.getByText('The very first message.').waitFor();
    await messages.getByText('Reply 0', { exact: true }).waitFor();
    await messages.getByText('Beginning of the conversation').waitFor();
  });

  it('a failed older page says so with Retry, which loads that page; the message in view stays in place', async () => {
    const { page, messages } = await openLongThread({ allowErrors: [/status of 500 .*\/trpc\/conversations\.messages/] });
    // The first request for an older page fails as a server error would; the next one goes through.
    await page.route(
      (url) => url.pathname === '/trpc/conversations.messages',
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify([{ error: { message: 'Internal error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'conversations.messages' } } }]),
        }),
      { times: 1 },
    );
    const inView = messages.getByText('Reply 30', { exact: true });
    const place = await scrollToTop(inView);
    await messages.getByRole('alert').filter({ hasText: 'Older messages could not be loaded.' }).waitFor();
    expect(Math.abs((await placeOf(inView)) - place)).toBeLessThan(2);
    expect(await messages.getByText('Reply 29', { exact: true }).count()).toBe(0);

    await messages.getByRole('button', { name: 'Retry' }).click();
    await messages.getByText('Reply 0', { exact: true }).waitFor();
    await messages.getByText('The very first message.').waitFor();
    await messages.getByText('Beginning of the conversation').waitFor();
    expect(await messages.getByRole('alert').count()).toBe(0);
    expect(Math.abs((await placeOf(inView)) - place)).toBeLessThan(2);
  });

  it('keeps every message once, in order, when new ones arrive after older pages were loaded, however many', async () => {
    const { page, messages, add, stored } = await openLongThread();
    await scrollToTop(messages.getByText('Reply 30', { exact: true }));
    await messages.getByText('Beginning of the conversation').waitFor();

    // One new message, then the thread is fetched again (closing it does): its latest 200 move by one, and
    // the one that left them stays shown above them.
    await add(1);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Reopen', exact: true }).waitFor();
    await expect.poll(() => textsOf(messages)).toEqual(await stored());
    expect(await stored()).toHaveLength(232);

    // More than 200 arrive before it is fetched again: what came between is unknown, so the older pages start
    // again below the newest 200, and read back to the first with none missing.
    await add(250);
    await page.getByRole('button', { name: 'Reopen', exact: true }).click();
    await page.getByRole('button', { name: 'Close', exact: true }).waitFor();
    await expect.poll(() => textsOf(messages)).toEqual(await stored(200));
    await messages.getByRole('button', { name: 'Load older messages' }).waitFor();
    while (!(await messages.getByText('Beginning of the conversation').isVisible())) {
      await scrollToTop(messages.getByText('Reply 480', { exact: true }));
      await expect.poll(() => messages.getAttribute('aria-busy')).toBe('false');
    }
    expect(await textsOf(messages)).toEqual(await stored());
    expect(await stored()).toHaveLength(482);
  });
});
