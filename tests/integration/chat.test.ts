import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOT_REPLIES, CHAT_MESSAGE_MAX_LENGTH, CHAT_RATE_LIMIT, CHAT_WELCOME, type ChatMessageView, type ChatSendResult } from '../../server/chat/schema';
import { sendVisitorMessage } from '../../server/chat/service';
import { startServer, type RunningServer } from '../../server/server';
import { type buildTestApp, buildTestDeps, testConfig, TEST_ORIGIN } from '../helpers/app';
import { checkedTestApp } from '../helpers/openapi';
import { getTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount, type Account } from '../helpers/factories';

const newVisitorId = () => randomBytes(32).toString('base64url');

/** An SSE reader over fetch: the `message` events of the visitor's stream, as they arrive. */
function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const received: { id: string; message: ChatMessageView }[] = [];
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  let notify: (() => void) | undefined;
  const done = (async () => {
    const response = await fetch(url, { headers, signal: controller.signal });
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((l) => !l.startsWith(':'))
            .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
        );
        if (fields.event === 'ready') ready();
        if (fields.event === 'message') {
          received.push({ id: fields.id!, message: JSON.parse(fields.data!) as ChatMessageView });
          notify?.();
        }
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return {
    received,
    ready: isReady,
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => (notify = resolve));
      return received;
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}

describe('website chat', () => {
  let server: RunningServer;
  let owner: Account;
  let team: Awaited<ReturnType<typeof buildTestApp>>;

  const send = (visitorId: string, text: string, page = '/pricing', language?: string) =>
    fetch(`${server.url}/api/chat/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ visitorId, text, page, language }) });
  const history = async (visitorId: string) => {
    const response = await fetch(`${server.url}/api/chat/conversation?visitorId=${visitorId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { messages: ChatMessageView[] }).messages;
  };
  const conversationIdOf = async (account: Account, email?: string) => {
    const { items } = await team.caller(browser(account.cookie)).chat.list();
    return email ? items.find((c) => c.email === email)!.id : items[0]!.id;
  };

  beforeAll(async () => {
    // The site owner: the organization LEADS_ORGANIZATION_ID names (the shared test database holds many).
    owner = await createAccount(await buildTestDeps(), 'site-owner');
    const env = { LEADS_ORGANIZATION_ID: owner.organizationId };
    server = await startServer(testConfig({ PORT: '0', PUBLIC_URL: TEST_ORIGIN, ...env }), { database: await getTestDatabase(), clientDir: false });
    team = await checkedTestApp({ env });
  });
  afterAll(() => server.close());

  it('refuses an empty, whitespace-only or too long message, a malformed visitor id and an unknown language, naming the field', async () => {
    const visitorId = newVisitorId();
    for (const [body, message] of [
      [{ visitorId, text: '   \n ' }, 'text: is required'],
      [{ visitorId }, 'text: is required'],
      [{ visitorId, text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, `text: must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`],
      [{ visitorId: 'short', text: 'Hello' }, 'visitorId: must be the widget’s visitor id (32–128 letters, digits, - or _)'],
      [{ visitorId, text: 'Bonjour', language: 'de' }, 'language: must be one of en, fr, ar'],
      [{ visitorId, text: 'Bonjour', language: 'FR' }, 'language: must be one of en, fr, ar'],
    ] as const) {
      const response = await fetch(`${server.url}/api/chat/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect(await history(visitorId)).toEqual([]);
    expect((await fetch(`${server.url}/api/chat/conversation?visitorId=nope`)).status).toBe(400);
  });

  it('stores the welcome, the trimmed message and the keyword reply, and shows them only to the same visitor id', async () => {
    const visitorId = newVisitorId();
    const response = await send(visitorId, '  Billing questions  ');
    expect(response.status).toBe(201);
    const result = (await response.json()) as ChatSendResult;
    expect(result.message).toMatchObject({ sender: 'visitor', body: 'Billing questions', authorName: null });
    expect(result.reply).toMatchObject({ sender: 'bot', body: BOT_REPLIES.en.billing, authorName: 'Switchboard Support' });

    const stored = await history(visitorId);
    expect(stored.map((m) => [m.sender, m.body])).toEqual([
      ['bot', CHAT_WELCOME.en],
      ['visitor', 'Billing questions'],
      ['bot', BOT_REPLIES.en.billing],
    ]);
    expect(await history(newVisitorId())).toEqual([]);

    // The inbox: newest first, unread until read, with the page it started on.
    const api = team.caller(browser(owner.cookie));
    const { items } = await api.chat.list();
    const conversation = items.find((c) => c.lastMessage?.body === BOT_REPLIES.en.billing)!;
    expect(conversation).toMatchObject({ unread: true, startedOn: '/pricing', contact: null });
    await api.chat.markRead({ id: conversation.id });
    expect((await api.chat.get({ id: conversation.id })).unread).toBe(false);
    await send(visitorId, 'Hello again');
    expect((await api.chat.get({ id: conversation.id })).unread).toBe(true);
  });

  it("writes the welcome and the automated replies in the visitor's language, and keeps them as shown", async () => {
    const visitorId = newVisitorId();
    const first = (await (await send(visitorId, 'Quels sont vos prix ?', '/fr', 'fr')).json()) as ChatSendResult;
    expect(first.reply?.body).toBe(BOT_REPLIES.fr.billing);
    const arabic = (await (await send(visitorId, 'أريد عرضًا توضيحيًا', '/fr', 'ar')).json()) as ChatSendResult;
    expect(arabic.reply?.body).toBe(BOT_REPLIES.ar.demo);
    // The conversation began in French: its welcome stays French; each reply is in the language it was given in.
    expect((await history(visitorId)).map((m) => m.body)).toEqual([CHAT_WELCOME.fr, 'Quels sont vos prix ?', BOT_REPLIES.fr.billing, 'أريد عرضًا توضيحيًا', BOT_REPLIES.ar.demo]);

    // Without a language, English (the site's default).
    const other = newVisitorId();
    expect(((await (await send(other, 'facturation')).json()) as ChatSendResult).reply?.body).toBe(BOT_REPLIES.en.billing);
    expect((await history(other))[0]!.body).toBe(CHAT_WELCOME.en);
  });

  it('tells the team the language the visitor writes in, the one they last wrote in', async () => {
    const visitorId = newVisitorId();
    const email = `fr-${Date.now()}@example.test`;
    await send(visitorId, `Bonjour, écrivez-moi à ${email}`, '/fr', 'fr');
    const api = team.caller(browser(owner.cookie)).chat;
    const id = await conversationIdOf(owner, email);
    expect((await api.list()).items.find((c) => c.id === id)!.language).toBe('fr');
    await send(visitorId, 'مرحبا', '/ar', 'ar');
    expect((await api.get({ id })).language).toBe('ar');
    const englishEmail = `en-${Date.now()}@example.test`;
    await send(newVisitorId(), `Hello, reach me at ${englishEmail}`);
    expect((await api.get({ id: await conversationIdOf(owner, englishEmail) })).language).toBe('en');
  });

  it('turns an e-mail address left in a message into a contact linked to the conversation', async () => {
    const visitorId = newVisitorId();
    const email = `visitor-${Date.now()}@example.test`;
    const result = (await (await send(visitorId, `You can reach me at ${email.toUpperCase()} thanks`)).json()) as ChatSendResult;
    expect(result.reply?.body).toBe(BOT_REPLIES.en.email(email));
    const api = team.caller(browser(owner.cookie));
    const conversation = await api.chat.get({ id: await conversationIdOf(owner, email) });
    expect(conversation.contact?.id).toBeDefined();
    const contact = await api.contacts.get({ id: conversation.contact!.id });
    expect(contact).toMatchObject({ email, source: 'Website chat' });
  });

  it("streams a team member's reply to the visitor's open stream, resumes after Last-Event-ID, and the bot then stops", async () => {
    const visitorId = newVisitorId();
    // Opened before the visitor has written: the conversation does not exist yet.
    const stream = openStream(`${server.url}/api/chat/stream?visitorId=${visitorId}`);
    await stream.ready;
    await send(visitorId, 'Technical support');
    const conversationId = (await team.caller(browser(owner.cookie)).chat.list()).items.find((c) => c.lastMessage?.body === BOT_REPLIES.en.handoff)!.id;
    const rep = await addMember(server.deps, owner.organizationId, 'sales_rep', 'Grace Hopper');
    const api = team.caller(browser(rep.cookie));
    const first = await api.chat.reply({ conversationId, text: '  Hi, Grace here — what do you need?  ' });
    expect(first).toMatchObject({ sender: 'member', body: 'Hi, Grace here — what do you need?', authorName: 'Test Grace Hopper' });
    const [live] = await stream.waitFor(1);
    expect(live).toEqual({ id: String(first.id), message: first });
    await stream.close();

    const second = await api.chat.reply({ conversationId, text: 'Are you still there?' });
    const resumed = openStream(`${server.url}/api/chat/stream?visitorId=${visitorId}`, { 'Last-Event-ID': String(first.id) });
    expect((await resumed.waitFor(1)).map((r) => r.message.body)).toEqual(['Are you still there?']);
    await resumed.close();
    expect(second.id).toBeGreaterThan(first.id);

    // Another visitor's stream hears nothing of it.
    const other = openStream(`${server.url}/api/chat/stream?visitorId=${newVisitorId()}&after=0`);
    await other.ready;
    await api.chat.reply({ conversationId, text: 'Only for the first visitor' });
    const again = openStream(`${server.url}/api/chat/stream?visitorId=${visitorId}&after=${second.id}`);
    expect((await again.waitFor(1))[0]!.message.body).toBe('Only for the first visitor');
    await again.close();
    expect(other.received).toEqual([]);
    await other.close();

    // Closed streams leave no subscription behind on the events bus.
    await vi.waitFor(() => expect(server.deps.events.subscriberCount()).toBe(0));

    // A member has taken over: no more automated replies.
    const result = (await (await send(visitorId, 'Billing questions')).json()) as ChatSendResult;
    expect(result.reply).toBeNull();
  });

  it('rate-limits a visitor and an address, saying when to retry', async () => {
    const ctx = { db: server.deps.database.db, organizationId: owner.organizationId, ip: `198.51.100.${Date.now() % 250}` };
    const visitorId = newVisitorId();
    for (let i = 0; i < CHAT_RATE_LIMIT.perVisitor; i++) await sendVisitorMessage(ctx, { visitorId, text: `Message ${i}`, language: 'en' });
    await expect(sendVisitorMessage(ctx, { visitorId, text: 'One too many', language: 'en' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: expect.any(Number) });
    for (let i = CHAT_RATE_LIMIT.perVisitor; i < CHAT_RATE_LIMIT.perIp; i++) await sendVisitorMessage(ctx, { visitorId: newVisitorId(), text: `From the same office ${i}`, language: 'en' });
    await expect(sendVisitorMessage(ctx, { visitorId: newVisitorId(), text: 'Still the same office', language: 'en' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(sendVisitorMessage({ ...ctx, ip: '203.0.113.9' }, { visitorId: newVisitorId(), text: 'Another address', language: 'en' })).resolves.toBeDefined();
  });

  it("keeps each organization's conversations to itself", async () => {
    const visitorId = newVisitorId();
    await send(visitorId, 'Feature demo');
    const conversationId = (await team.caller(browser(owner.cookie)).chat.list()).items.find((c) => c.lastMessage?.body === BOT_REPLIES.en.demo)!.id;
    const other = await createAccount(team.deps, 'other-org');
    const api = team.caller(browser(other.cookie));
    expect((await api.chat.list()).items.map((c) => c.id)).not.toContain(conversationId);
    await expect(api.chat.get({ id: conversationId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.chat.reply({ conversationId, text: 'Hijack' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.chat.markRead({ id: conversationId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A Viewer reads the inbox but may not answer.
    const viewer = await addMember(team.deps, owner.organizationId, 'viewer');
    await expect(team.caller(browser(viewer.cookie)).chat.get({ id: conversationId })).resolves.toBeDefined();
    await expect(team.caller(browser(viewer.cookie)).chat.reply({ conversationId, text: 'Hello' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
