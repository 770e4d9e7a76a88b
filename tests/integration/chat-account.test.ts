import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type buildTestApp, buildTestDeps, TEST_ORIGIN } from '../helpers/app';
import { checkedTestApp } from '../helpers/openapi';
import { getTestDatabase } from '../helpers/db';
import { browser, createAccount, type Account } from '../helpers/factories';

// Issue #14: the support chat bubble inside the app sent a signed-in user's message anonymously.
beforeAll(() => getTestDatabase());

const newVisitorId = () => randomBytes(32).toString('base64url');

describe('the support chat used inside the app', () => {
  let siteOwner: Account;
  let team: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    siteOwner = await createAccount(await buildTestDeps(), 'chat-site-owner');
    team = await checkedTestApp({ env: { LEADS_ORGANIZATION_ID: siteOwner.organizationId } });
  });

  const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    team.app.request('/api/chat/messages', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers }, body: JSON.stringify(body) });
  const inbox = () => team.caller(browser(siteOwner.cookie)).chat;
  const storedRow = (visitorHashText: string) =>
    team.deps.database.db
      .selectFrom('chat_messages')
      .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_messages.conversation_id')
      .select(['chat_conversations.id', 'chat_conversations.user_id', 'chat_conversations.user_organization_id'])
      .where('chat_messages.body', '=', visitorHashText)
      .executeTakeFirstOrThrow();

  it('a signed-in post records the user and their organization, and the inbox shows who it is', async () => {
    const customer = await createAccount(team.deps, 'chat-customer');
    const text = `How do I import contacts? ${newVisitorId()}`;
    const res = await post({ visitorId: newVisitorId(), text, page: '/contacts' }, { cookie: customer.cookie });
    expect(res.status).toBe(201);
    const row = await storedRow(text);
    expect(row).toMatchObject({ user_id: customer.userId, user_organization_id: customer.organizationId });

    const conversation = await inbox().get({ id: row.id });
    expect(conversation.account).toEqual({
      user: { id: customer.userId, name: expect.any(String), email: customer.email },
      organization: { id: customer.organizationId, name: expect.any(String) },
    });
    const listed = (await inbox().list({ limit: 100 })).items.find((c) => c.id === row.id);
    expect(listed?.account?.user.email).toBe(customer.email);
  });

  it('an anonymous visitor stays anonymous', async () => {
    const text = `Do you have a free plan? ${newVisitorId()}`;
    expect((await post({ visitorId: newVisitorId(), text, page: '/pricing' })).status).toBe(201);
    const row = await storedRow(text);
    expect(row).toMatchObject({ user_id: null, user_organization_id: null });
    expect((await inbox().get({ id: row.id })).account).toBeNull();
  });

  it('a userId or organizationId in the body is ignored, signed in or not', async () => {
    const victim = await createAccount(team.deps, 'chat-victim');
    const forged = { userId: victim.userId, user_id: victim.userId, organizationId: victim.organizationId, account: { userId: victim.userId } };

    const anonymousText = `I am someone else ${newVisitorId()}`;
    expect((await post({ visitorId: newVisitorId(), text: anonymousText, ...forged })).status).toBe(201);
    expect(await storedRow(anonymousText)).toMatchObject({ user_id: null, user_organization_id: null });

    const customer = await createAccount(team.deps, 'chat-forger');
    const signedInText = `Still me ${newVisitorId()}`;
    expect((await post({ visitorId: newVisitorId(), text: signedInText, ...forged }, { cookie: customer.cookie })).status).toBe(201);
    expect(await storedRow(signedInText)).toMatchObject({ user_id: customer.userId, user_organization_id: customer.organizationId });
  });

  it('a cookie that signs nobody in leaves the message anonymous instead of refusing it', async () => {
    const text = `Stale cookie ${newVisitorId()}`;
    const res = await post({ visitorId: newVisitorId(), text }, { cookie: 'sb_session=not-a-session' });
    expect(res.status).toBe(201);
    expect(await storedRow(text)).toMatchObject({ user_id: null, user_organization_id: null });
  });
});
