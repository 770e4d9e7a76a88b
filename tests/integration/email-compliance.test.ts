import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import { queueEmail, type OutgoingEmail } from '../../server/email/outbox';
import { assertMarketingSendable } from '../../server/email/settings';
import { suppressAddress } from '../../server/email/suppressions';
import { closeEmailTransport } from '../../server/email/transport';
import { readSettings } from '../../server/organizations/settings';
import { startSmtpSink } from '../doubles/smtp';
import { TEST_ORIGIN } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount, uniqueEmail, type Account } from '../helpers/factories';
import { checkedTestApp } from '../helpers/openapi';
import { eventually } from './sms-helpers';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

const ONE_CLICK = 'List-Unsubscribe=One-Click';

/** The app (every /api answer checked against the OpenAPI document) and an organization that e-mails. */
async function complianceWorld(env: Record<string, string> = {}) {
  const { app, deps, caller } = await checkedTestApp({ env: { JOBS_POLL_MS: '50', SMTP_MAX_RATE: '1000', ...env } });
  await registerTestEmailJobs(deps, { retryDelay: 1 });
  await deps.jobs.start();
  onTestFinished(async () => {
    await deps.jobs.stop({ timeoutMs: 3000 });
    await closeEmailTransport(deps);
  });
  const owner = await createAccount(deps, 'compliance');
  const api = caller(browser(owner.cookie));
  /** A one-to-one e-mail of an organization, stored and queued (no worker runs unless a test starts one). */
  const queue = (email: Partial<OutgoingEmail> = {}, account: Account = owner) =>
    deps.database.db
      .transaction()
      .execute((trx) =>
        queueEmail(trx, deps, { organizationId: account.organizationId, kind: 'one_to_one', to: uniqueEmail('recipient'), subject: 'Hello', html: '<p>Hello</p>', text: 'Hello', ...email }),
      );
  const message = (id: string) => deps.database.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The path of the HTTPS link in the message's List-Unsubscribe header, as a mailbox provider reads it. */
  const unsubscribeLink = async (id: string) => {
    const header = (await message(id)).headers['List-Unsubscribe']!;
    const url = new URL(/<(https?:[^>]+)>/.exec(header)![1]!);
    expect(url.origin).toBe(TEST_ORIGIN);
    return url.pathname;
  };
  const oneClick = (path: string, body: BodyInit | null = ONE_CLICK, headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }) =>
    app.request(path, { method: 'POST', headers, ...(body === null ? {} : { body }) });
  const suppressions = (organizationId = owner.organizationId) =>
    deps.database.db.selectFrom('email_suppressions').select(['address', 'reason', 'source_message_id']).where('organization_id', '=', organizationId).orderBy('address').execute();
  return { app, deps, caller, owner, api, queue, message, unsubscribeLink, oneClick, suppressions };
}

describe('one-click unsubscribe (RFC 8058)', () => {
  it('one POST of the List-Unsubscribe link unsubscribes at once, with no confirmation; later one-to-one e-mails to the address are suppressed', async () => {
    const world = await complianceWorld();
    const to = uniqueEmail('reader');
    const first = await world.queue({ to });
    const link = await world.unsubscribeLink(first.id);
    expect((await world.message(first.id)).headers['List-Unsubscribe-Post']).toBe(ONE_CLICK);

    const res = await world.oneClick(link);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ organizationName: expect.any(String), address: to, status: 'unsubscribed' });
    expect(await world.suppressions()).toEqual([{ address: to, reason: 'unsubscribed', source_message_id: first.id }]);
    const events = await world.deps.database.db.selectFrom('email_events').select(['type', 'detail']).where('email_message_id', '=', first.id).orderBy('created_at').execute();
    // (The worker may have sent it meanwhile: its own events come between.)
    expect(events.filter((e) => e.type === 'unsubscribed')).toEqual([{ type: 'unsubscribed', detail: 'One-click unsubscribe (the List-Unsubscribe link)' }]);

    // A provider retrying the POST, or a multipart body: the same answer, nothing added.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const again = await world.oneClick(link, form, {});
    expect(again.status).toBe(200);
    expect(await world.suppressions()).toHaveLength(1);

    const later = await world.queue({ to: to.toUpperCase() });
    expect(later.status).toBe('suppressed');
    expect(await world.message(later.id)).toMatchObject({ status: 'suppressed', error: 'The address is on the suppression list (unsubscribed)' });
    // Another address of the same organization is still e-mailed.
    expect((await world.queue()).status).toBe('queued');
  });

  it('refuses a POST without the one-click body (400 naming it), and an unknown or malformed link (404 / 400), never a 500', async () => {
    const world = await complianceWorld();
    const { id } = await world.queue();
    const link = await world.unsubscribeLink(id);
    const missing = await world.oneClick(link, null);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe('List-Unsubscribe: must be One-Click (RFC 8058)');
    expect((await world.oneClick(link, 'List-Unsubscribe=Yes')).status).toBe(400);
    expect(await world.suppressions()).toEqual([]);

    const unknown = await world.oneClick('/api/email/unsubscribe/0123456789abcdef01234567');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'This unsubscribe link is not valid' });
    expect((await world.app.request('/api/email/unsubscribe/0123456789abcdef01234567/status')).status).toBe(404);
    expect((await world.app.request('/api/email/unsubscribe/0123456789abcdef01234567/resubscribe', { method: 'POST' })).status).toBe(404);
    expect((await world.oneClick('/api/email/unsubscribe/not-a-token!')).status).toBe(400);
    // An account e-mail carries no unsubscribe link: its token unsubscribes no one.
    const account = await world.deps.database.db
      .transaction()
      .execute((trx) => queueEmail(trx, world.deps, { organizationId: world.owner.organizationId, kind: 'account', to: uniqueEmail('user'), subject: 'Invite', html: '<p>Hi</p>', text: 'Hi' }));
    expect((await world.oneClick(`/api/email/unsubscribe/${(await world.message(account.id)).token}`)).status).toBe(404);
  });

  it('the GET link opens the page; the page unsubscribes with one click and resubscribes, which lifts only an unsubscribe', async () => {
    const world = await complianceWorld();
    const to = uniqueEmail('page');
    const { id } = await world.queue({ to });
    const link = await world.unsubscribeLink(id);
    const token = link.split('/').at(-1)!;

    // A link scanner's GET changes nothing.
    const opened = await world.app.request(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/unsubscribe/${token}`);
    expect(await world.suppressions()).toEqual([]);

    const status = async () => (await world.app.request(`${link}/status`)).json();
    expect(await status()).toMatchObject({ address: to, status: 'subscribed' });
    // The page's button: the same one-click POST, from the page's own origin.
    expect((await world.oneClick(link, ONE_CLICK, { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN })).status).toBe(200);
    expect(await status()).toMatchObject({ status: 'unsubscribed' });

    const resubscribed = await world.app.request(`${link}/resubscribe`, { method: 'POST', headers: { origin: TEST_ORIGIN } });
    expect(resubscribed.status).toBe(200);
    expect(await resubscribed.json()).toMatchObject({ address: to, status: 'subscribed' });
    expect(await world.suppressions()).toEqual([]);
    expect((await world.queue({ to })).status).toBe('queued');

    // The contact's timeline says both.
    const activities = await world.deps.database.db
      .selectFrom('activities')
      .select('type')
      .where('organization_id', '=', world.owner.organizationId)
      .where('type', 'like', 'email_%')
      .orderBy('created_at')
      .execute();
    expect(activities.map((a) => a.type)).toEqual(['email_unsubscribed', 'email_resubscribed']);

    // A hard bounce is no unsubscribe: the recipient cannot lift it, and a later unsubscribe does not weaken it.
    await world.deps.database.db.transaction().execute((trx) => suppressAddress(trx, world.owner.organizationId, to, 'hard_bounce', id));
    expect(await status()).toMatchObject({ status: 'blocked' });
    expect(await (await world.oneClick(link)).json()).toMatchObject({ status: 'blocked' });
    expect(await (await world.app.request(`${link}/resubscribe`, { method: 'POST' })).json()).toMatchObject({ status: 'blocked' });
    expect(await world.suppressions()).toEqual([{ address: to, reason: 'hard_bounce', source_message_id: id }]);
  });

  it('an unsubscribe, then a stronger reason, keeps the stronger one', async () => {
    const world = await complianceWorld();
    const address = uniqueEmail('strong');
    const add = (reason: 'unsubscribed' | 'manual' | 'complaint') => world.deps.database.db.transaction().execute((trx) => suppressAddress(trx, world.owner.organizationId, address, reason));
    expect(await add('unsubscribed')).toMatchObject({ reason: 'unsubscribed', created: true, changed: true });
    expect(await add('unsubscribed')).toMatchObject({ reason: 'unsubscribed', created: false, changed: false });
    expect(await add('complaint')).toMatchObject({ reason: 'complaint', created: false, changed: true });
    expect(await add('unsubscribed')).toMatchObject({ reason: 'complaint', created: false, changed: false });
    expect(await add('manual')).toMatchObject({ reason: 'complaint', created: false, changed: false });
  });

  it('limits the calls of one link (429 with Retry-After)', async () => {
    const world = await complianceWorld();
    const link = await world.unsubscribeLink((await world.queue()).id);
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await world.app.request(`${link}/status`)).status);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    const refused = await world.app.request(`${link}/status`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a link of one organization unsubscribes from that organization only', async () => {
    const world = await complianceWorld();
    const other = await createAccount(world.deps, 'other-org');
    const to = uniqueEmail('shared');
    const ours = await world.queue({ to });
    await world.oneClick(await world.unsubscribeLink(ours.id));
    expect((await world.queue({ to }, other)).status).toBe('queued');
    expect(await world.suppressions(other.organizationId)).toEqual([]);
  });
});

describe('the suppression list (Settings → E-mail)', () => {
  it('adds by hand (lower-cased), lists newest first with search, reason and cursor paging, and removes', async () => {
    const world = await complianceWorld();
    const added = await world.api.email.addSuppression({ address: '  Blocked@Example.TEST ', note: 'Asked by phone' });
    expect(added).toMatchObject({ address: 'blocked@example.test', reason: 'manual', created: true });
    expect(await world.api.email.addSuppression({ address: 'blocked@example.test' })).toMatchObject({ id: added.id, created: false });
    for (const n of [1, 2, 3]) await world.api.email.addSuppression({ address: `paged-${n}@example.test` });
    await world.deps.database.db.transaction().execute((trx) => suppressAddress(trx, world.owner.organizationId, 'bounced@example.test', 'hard_bounce'));

    const all = await world.api.email.suppressions({});
    expect(all.items.map((s) => s.address)).toEqual(['bounced@example.test', 'paged-3@example.test', 'paged-2@example.test', 'paged-1@example.test', 'blocked@example.test']);
    expect(all.items.at(-1)).toMatchObject({ reason: 'manual', note: 'Asked by phone', createdBy: { id: world.owner.userId } });
    expect(all.nextCursor).toBeNull();

    const first = await world.api.email.suppressions({ search: 'PAGED', limit: 2 });
    expect(first.items.map((s) => s.address)).toEqual(['paged-3@example.test', 'paged-2@example.test']);
    const second = await world.api.email.suppressions({ search: 'paged', limit: 2, cursor: first.nextCursor! });
    expect(second).toMatchObject({ items: [{ address: 'paged-1@example.test' }], nextCursor: null });
    expect((await world.api.email.suppressions({ reason: 'hard_bounce' })).items.map((s) => s.address)).toEqual(['bounced@example.test']);
    // LIKE's own characters are searched for literally.
    expect((await world.api.email.suppressions({ search: '%' })).items).toEqual([]);
    await expect(world.api.email.suppressions({ cursor: 'bm9wZQ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'cursor: is not a valid cursor' });
    await expect(world.api.email.addSuppression({ address: 'not an address' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^address: /) });

    expect(await world.api.email.removeSuppression({ id: added.id })).toEqual({ id: added.id });
    await expect(world.api.email.removeSuppression({ id: added.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const audit = await world.deps.database.db.selectFrom('audit_events').select('action').where('organization_id', '=', world.owner.organizationId).where('action', 'like', 'email.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['email.suppression_added', 'email.suppression_added', 'email.suppression_added', 'email.suppression_added', 'email.suppression_removed']);
  });

  it('exports the list as CSV with formula-looking cells neutralized; admins only', async () => {
    const world = await complianceWorld();
    await world.api.email.addSuppression({ address: '+cmd@example.test', note: '=HYPERLINK("http://evil.test","x")' });
    await world.api.email.addSuppression({ address: 'plain@example.test', note: 'Said, "stop"' });
    const res = await world.app.request('/api/email/suppressions.csv', { headers: browser(world.owner.cookie) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="email-suppressions_\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('x-total-count')).toBe('2');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Address,Reason,Note,Source Message,Added By,Added At');
    expect(lines[1]).toMatch(/^'\+cmd@example\.test,manual,"'=HYPERLINK\(""http:\/\/evil\.test"",""x""\)",,/);
    expect(lines[2]).toMatch(/^plain@example\.test,manual,"Said, ""stop""",,/);

    const filtered = await world.app.request('/api/email/suppressions.csv?search=plain', { headers: browser(world.owner.cookie) });
    expect(filtered.headers.get('x-total-count')).toBe('1');
    expect((await world.app.request('/api/email/suppressions.csv?reason=nope', { headers: browser(world.owner.cookie) })).status).toBe(400);

    const manager = await addMember(world.deps, world.owner.organizationId, 'manager');
    expect((await world.app.request('/api/email/suppressions.csv', { headers: browser(manager.cookie) })).status).toBe(403);
    await expect(world.caller(browser(manager.cookie)).email.suppressions({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('another organization neither sees nor changes the list', async () => {
    const world = await complianceWorld();
    const added = await world.api.email.addSuppression({ address: 'mine@example.test' });
    const other = await createAccount(world.deps, 'other');
    const theirs = world.caller(browser(other.cookie));
    expect((await theirs.email.suppressions({})).items).toEqual([]);
    await expect(theirs.email.removeSuppression({ id: added.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const csv = await (await world.app.request('/api/email/suppressions.csv', { headers: browser(other.cookie) })).text();
    expect(csv).not.toContain('mine@example.test');
    // Adding the same address there is that organization's own row.
    expect(await theirs.email.addSuppression({ address: 'mine@example.test' })).toMatchObject({ created: true });
    expect(await world.suppressions()).toHaveLength(1);
  });
});

describe('Settings → E-mail', () => {
  it('saves the sender identity, refusing bad values with the field named; a null clears a value', async () => {
    const world = await complianceWorld();
    const initial = await world.api.email.settings();
    expect(initial).toEqual({
      settings: { fromName: null, fromAddress: null, replyTo: null, postalAddress: null },
      defaultSender: world.deps.config.email.from,
      missingForMarketing: ['postal address'],
    });
    await expect(world.api.email.updateSettings({ fromAddress: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'fromAddress: must be an e-mail address' });
    await expect(world.api.email.updateSettings({ fromName: 'Acme\r\nBcc: everyone@example.test' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'fromName: must be on one line' });
    await expect(world.api.email.updateSettings({ postalAddress: 'x'.repeat(501) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'postalAddress: must be at most 500 characters' });
    await expect(world.api.email.updateSettings({ replyTo: 'a@b.test', other: 1 } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'other: is not a known field' });

    const saved = await world.api.email.updateSettings({ fromName: 'Acme Sales', fromAddress: 'Sales@Acme.test', replyTo: 'desk@acme.test', postalAddress: '1 Main Street\nSpringfield' });
    expect(saved).toMatchObject({
      settings: { fromName: 'Acme Sales', fromAddress: 'sales@acme.test', replyTo: 'desk@acme.test', postalAddress: '1 Main Street\nSpringfield' },
      missingForMarketing: [],
    });
    expect(await world.api.email.updateSettings({ replyTo: null })).toMatchObject({ settings: { fromName: 'Acme Sales', replyTo: null } });
    const audit = await world.deps.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('organization_id', '=', world.owner.organizationId)
      .where('action', '=', 'email.settings_updated')
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.details)).toEqual([{ changed: ['fromName', 'fromAddress', 'replyTo', 'postalAddress'] }, { changed: ['replyTo'] }]);

    // The next e-mail carries the identity.
    const { id } = await world.queue();
    expect(await world.message(id)).toMatchObject({ from_name: 'Acme Sales', from_address: 'sales@acme.test' });
    await expect(world.caller(browser((await addMember(world.deps, world.owner.organizationId, 'manager')).cookie)).email.updateSettings({ fromName: 'X' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('assertMarketingSendable refuses until the postal address is filled in', async () => {
    const world = await complianceWorld();
    const settings = async () => (await readSettings(world.deps.database.db, world.owner.organizationId)).email;
    expect(() => assertMarketingSendable({ fromName: null, fromAddress: null, replyTo: null, postalAddress: null })).toThrow(
      'Marketing e-mails need the organization’s postal address: add it in Settings → E-mail first',
    );
    let refusal: unknown;
    try {
      assertMarketingSendable(await settings());
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: 'CONFLICT', details: { missing: ['postal address'] } });
    await world.api.email.updateSettings({ postalAddress: '1 Main Street' });
    const filledIn = await settings();
    expect(() => assertMarketingSendable(filledIn)).not.toThrow();
  });

  it('shows the sandbox', async () => {
    const sandbox = await complianceWorld();
    expect(await sandbox.api.email.transport()).toMatchObject({ mode: 'sandbox', host: null, dkim: null });
    expect(await sandbox.api.email.verifyTransport()).toMatchObject({ ok: true });
  });

  it('with SMTP shows its host, checks the connection and sends a test e-mail to the member', async () => {
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const smtpUrl = new URL(sink.url);
    const world = await complianceWorld({ SMTP_URL: sink.url });
    expect(await world.api.email.transport()).toMatchObject({ mode: 'smtp', host: smtpUrl.host, dkim: null });
    expect(await world.api.email.verifyTransport()).toEqual({ ok: true, detail: `Connected to ${smtpUrl.host}` });

    await world.api.email.updateSettings({ postalAddress: '1 Main Street' });
    const test = await world.api.email.sendTest();
    expect(test).toMatchObject({ status: 'queued', to: world.owner.email });
    const sent = await eventually(
      () => world.message(test.id),
      (m) => m.status !== 'queued' && m.status !== 'sending',
    );
    expect(sent).toMatchObject({ kind: 'one_to_one', user_id: world.owner.userId, to_address: world.owner.email });
    expect(['sent', 'delivered']).toContain(sent.status);
    // (Workers of the shared test database may hand the sink other tests' e-mails too.)
    const mail = await eventually(
      async () => sink.messages.find((m) => m.messageId === sent.message_id),
      (m) => m !== undefined,
    );
    expect(mail!.subject).toMatch(/^Test e-mail from /);
    expect(mail!.text).toContain('1 Main Street');
    expect(mail!.rawHeader('List-Unsubscribe-Post')).toBe(ONE_CLICK);
  });

  it('derives the DKIM record to publish from DKIM_PRIVATE_KEY', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const world = await complianceWorld({ DKIM_DOMAIN: 'Acme.test', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: pem });
    const { dkim } = await world.api.email.transport();
    const published = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(dkim).toEqual({ domain: 'acme.test', selector: 's1', name: 's1._domainkey.acme.test', value: `v=DKIM1; k=rsa; p=${published}` });
    // What a receiver rebuilds from the record is the signing key's public half.
    const fromRecord = createPublicKey({ key: Buffer.from(dkim!.value.split('p=')[1]!, 'base64'), format: 'der', type: 'spki' });
    expect(fromRecord.export({ type: 'spki', format: 'pem' })).toBe(publicKey.export({ type: 'spki', format: 'pem' }));

    const ed = generateKeyPairSync('ed25519');
    const edWorld = await complianceWorld({ DKIM_DOMAIN: 'acme.test', DKIM_SELECTOR: 'ed', DKIM_PRIVATE_KEY: ed.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
    const edRecord = (await edWorld.api.email.transport()).dkim!;
    expect(edRecord.value).toMatch(/^v=DKIM1; k=ed25519; p=[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(edRecord.value.split('p=')[1]!, 'base64')).toEqual(ed.publicKey.export({ type: 'spki', format: 'der' }).subarray(-32));
  });
});
