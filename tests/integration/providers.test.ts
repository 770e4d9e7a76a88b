import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { closeEmailTransport } from '../../server/email/transport';
import { queueEmail } from '../../server/email/outbox';
import { registerSmsJobs } from '../../server/sms/jobs';
import { withInstanceProviders } from '../../server/providers/instance';
import { startKitDouble } from '../doubles/kit';
import { startSmtpSink } from '../doubles/smtp';
import { startStripeDouble } from '../doubles/stripe';
import { OTHER_ACCOUNT_SID, OTHER_AUTH_TOKEN, signWebhook, startTwilioDouble, TEST_ACCOUNT_SID } from '../doubles/twilio';
import { buildTestApp, TEST_ORIGIN } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import { addMember, browser, createAccount, uniqueEmail } from '../helpers/factories';
import { eventually, uniqueNumber } from './sms-helpers';

// Settings → Integrations (issue #19, docs/decisions/038): provider settings saved in the app, sealed at rest.

beforeAll(() => getTestDatabase());

const OWN_FROM = '+15005550009';

/** The app with SMS running on the sandbox (no Twilio variables) but the SDK pointed at the double, and an organization. */
async function world(env: Record<string, string> = {}) {
  const twilio = await startTwilioDouble();
  onTestFinished(() => twilio.close());
  const { app, deps, caller } = await buildTestApp({ env: { JOBS_POLL_MS: '50', TWILIO_API_BASE_URL: twilio.url, TWILIO_SENDER_MPS: '0', SMTP_MAX_RATE: '1000', ...env } });
  const owner = await createAccount(deps, 'providers');
  return { app, deps, caller, owner, twilio, api: caller(browser(owner.cookie)) };
}

describe('saving provider settings', () => {
  it('keeps credentials sealed, answers only whether each is set and its last 4 characters, and keeps a credential the form leaves out', async () => {
    const { deps, api, owner } = await world();
    const saved = await api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: OTHER_AUTH_TOKEN, fromNumber: OWN_FROM });
    expect(saved).toMatchObject({
      provider: 'twilio',
      source: 'app',
      editable: true,
      settings: { accountSid: OTHER_ACCOUNT_SID, fromNumber: OWN_FROM, messagingServiceSid: null },
      secrets: { authToken: { set: true, last4: OTHER_AUTH_TOKEN.slice(-4) } },
    });
    const overview = await api.providers.overview();
    expect(JSON.stringify(overview)).not.toContain(OTHER_AUTH_TOKEN);
    expect(overview.secretsKey).toEqual({ available: true, source: 'environment', message: null });
    const row = await deps.database.db.selectFrom('provider_settings').selectAll().where('organization_id', '=', owner.organizationId).executeTakeFirstOrThrow();
    expect(row.secrets).toMatch(/^sb1\./);
    expect(row.secrets).not.toContain(OTHER_AUTH_TOKEN);
    expect(JSON.stringify(row.settings)).not.toContain(OTHER_AUTH_TOKEN);

    // Saved again without the token: the stored one stays (the test still connects with it).
    await api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, fromNumber: '+15005550010' });
    expect(await api.providers.test({ provider: 'twilio' })).toMatchObject({ ok: true });
    const audit = await deps.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('organization_id', '=', owner.organizationId)
      .where('action', '=', 'provider_settings.saved')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.details)).toEqual(
      expect.arrayContaining([expect.objectContaining({ provider: 'twilio', secretsChanged: ['authToken'] }), expect.objectContaining({ provider: 'twilio', secretsChanged: [] })]),
    );
    expect(JSON.stringify(audit)).not.toContain(OTHER_AUTH_TOKEN);

    await api.providers.clear({ provider: 'twilio' });
    expect((await api.providers.overview()).providers.find((p) => p.provider === 'twilio')).toMatchObject({ source: 'sandbox', settings: null, secrets: { authToken: { set: false, last4: null } } });
  });

  it('with another key, the saved credentials do not open: the screen still answers, and the test says to save them again', async () => {
    const { deps, api, owner, twilio } = await world();
    await api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: OTHER_AUTH_TOKEN, fromNumber: OWN_FROM });
    const other = await buildTestApp({ database: deps.database, env: { TWILIO_API_BASE_URL: twilio.url, SECRETS_KEY: Buffer.alloc(32, 3).toString('base64') } });
    const stranger = other.caller(browser(owner.cookie));
    expect((await stranger.providers.overview()).providers.find((p) => p.provider === 'twilio')).toMatchObject({ source: 'app', secrets: { authToken: { set: true } } });
    expect(await stranger.providers.test({ provider: 'twilio' })).toMatchObject({ ok: false, detail: expect.stringContaining('do not open with this server’s key (SECRETS_KEY): save them again') });
    // A save keeping the credential is refused, naming it; typing it again replaces what no longer opens.
    await expect(stranger.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, fromNumber: OWN_FROM })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('type authToken again'),
    });
    await stranger.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: OTHER_AUTH_TOKEN, fromNumber: OWN_FROM });
    expect(await stranger.providers.test({ provider: 'twilio' })).toMatchObject({ ok: true });
    expect(await api.providers.test({ provider: 'twilio' })).toMatchObject({ ok: false, detail: expect.stringContaining('save them again') });
    // A row this server cannot open is passed over when a webhook names its account (it cannot have signed it).
    const params = { AccountSid: OTHER_ACCOUNT_SID, MessageSid: `SM${'u'.repeat(32)}`, MessageStatus: 'delivered' };
    const path = '/api/sms/webhooks/status';
    const res = await (
      await buildTestApp({ database: deps.database })
    ).app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signWebhook(`${TEST_ORIGIN}${path}`, params, OTHER_AUTH_TOKEN) },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(403);
    await stranger.providers.clear({ provider: 'twilio' });
  });

  it('refuses bad input naming the field, and a first save without its credential', async () => {
    const { api } = await world();
    await expect(api.providers.saveTwilio({ accountSid: 'AC123', authToken: OTHER_AUTH_TOKEN, fromNumber: OWN_FROM })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'accountSid: must be an Account SID (AC followed by 32 characters)',
    });
    await expect(api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: OTHER_AUTH_TOKEN })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('fromNumber'),
    });
    await expect(api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, fromNumber: OWN_FROM })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'authToken: is required' });
    await expect(api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: `tok\u0000${'x'.repeat(20)}`, fromNumber: OWN_FROM })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('authToken'),
    });
    await expect(api.providers.saveSmtp({ host: 'smtp..example', port: 587, security: 'starttls', username: null })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('host'),
    });
    await expect(api.providers.saveSmtp({ host: 'smtp.example.com', port: 70000, security: 'starttls', username: null })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'port: must be between 1 and 65535',
    });
    await expect(api.providers.saveSmtp({ host: 'smtp.example.com', port: 587, security: 'starttls', username: null, extra: 1 } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.providers.test({ provider: 'fax' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'provider: must be one of twilio, smtp, stripe, kit' });
  });

  it('lets the environment win: the form is read-only and saving is refused', async () => {
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const { api } = await world({ SMTP_URL: sink.url });
    const smtp = (await api.providers.overview()).providers.find((p) => p.provider === 'smtp')!;
    expect(smtp).toMatchObject({ source: 'environment', editable: false, lockedReason: expect.stringContaining('SMTP_URL is set on the server') });
    await expect(api.providers.saveSmtp({ host: '127.0.0.1', port: 2525, security: 'none', username: null })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('SMTP_URL') });
    expect(await api.providers.test({ provider: 'smtp' })).toMatchObject({ ok: true });
  });

  it('is for admins, signed in: a manager and an API key are refused; another organization sees none of it', async () => {
    const { deps, caller, api, owner } = await world();
    await api.providers.saveKit({ apiKey: 'kit-never-shown-1234' }).catch(() => undefined);
    await api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: OTHER_AUTH_TOKEN, fromNumber: OWN_FROM });
    const manager = await addMember(deps, owner.organizationId, 'manager');
    await expect(caller(browser(manager.cookie)).providers.overview()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller(browser(manager.cookie)).providers.saveKit({ apiKey: 'kit-key-of-a-manager' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const admin = await addMember(deps, owner.organizationId, 'admin');
    expect((await caller(browser(admin.cookie)).providers.overview()).providers.find((p) => p.provider === 'twilio')).toMatchObject({ source: 'app' });
    const key = await api.apiKeys.create({ name: 'Robot', role: 'admin' });
    await expect(caller({ authorization: `Bearer ${key.secret}` }).providers.overview()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const other = await createAccount(deps, 'other-org');
    const theirs = await caller(browser(other.cookie)).providers.overview();
    expect(theirs.providers.find((p) => p.provider === 'twilio')).toMatchObject({ source: 'sandbox', settings: null });
    expect(JSON.stringify(theirs)).not.toContain(OTHER_ACCOUNT_SID);
    await caller(browser(other.cookie)).providers.clear({ provider: 'twilio' });
    expect((await api.providers.overview()).providers.find((p) => p.provider === 'twilio')).toMatchObject({ source: 'app' });
  });
});

describe('an organization’s own Twilio account', () => {
  it('sends its SMS through its account, not the sandbox; other organizations stay on the sandbox', async () => {
    const w = await world();
    registerSmsJobs(w.deps, { retryDelay: 1 });
    await w.deps.jobs.start();
    onTestFinished(() => w.deps.jobs.stop({ timeoutMs: 3000 }));
    await w.api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: OTHER_AUTH_TOKEN, fromNumber: OWN_FROM });
    expect(await w.api.sms.account()).toMatchObject({ account: { mode: 'twilio', friendlyName: `Account ${OTHER_ACCOUNT_SID.slice(-4)}` } });
    const to = uniqueNumber();
    const { messageId } = await w.api.sms.send({ to, message: 'From our own account' });
    await w.twilio.waitForMessages(1);
    expect(w.twilio.messages[0]).toMatchObject({ accountSid: OTHER_ACCOUNT_SID, to, from: OWN_FROM, body: 'From our own account' });
    const sent = await eventually(
      () => w.deps.database.db.selectFrom('sms_messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow(),
      (row) => row.status === 'sent',
    );
    expect(sent.provider_sid).toBe(w.twilio.messages[0]!.sid);

    // Its delivery report, signed with its own token, lands; the same report signed with the token of no organization does not.
    const params = { AccountSid: OTHER_ACCOUNT_SID, MessageSid: sent.provider_sid!, MessageStatus: 'delivered' };
    const path = `/api/sms/webhooks/status?messageId=${messageId}`;
    const post = (body: Record<string, string>, token: string, at = path) =>
      w.app.request(at, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signWebhook(`${TEST_ORIGIN}${at}`, body, token) },
        body: new URLSearchParams(body).toString(),
      });
    expect((await post(params, 'a-token-nobody-has-0000')).status).toBe(403);
    expect((await post({ ...params, AccountSid: TEST_ACCOUNT_SID }, OTHER_AUTH_TOKEN)).status).toBe(403);
    expect((await post(params, OTHER_AUTH_TOKEN)).status).toBe(204);
    expect((await w.deps.database.db.selectFrom('sms_messages').select('status').where('id', '=', messageId).executeTakeFirstOrThrow()).status).toBe('delivered');

    // A reply to its number is filed under it.
    const reply = { AccountSid: OTHER_ACCOUNT_SID, MessageSid: `SM${'r'.repeat(32)}`, From: to, To: OWN_FROM, Body: 'Thanks!' };
    expect((await post(reply, OTHER_AUTH_TOKEN, '/api/sms/webhooks/inbound')).status).toBe(200);
    const inbound = await w.deps.database.db.selectFrom('sms_messages').select(['organization_id', 'body']).where('provider_sid', '=', reply.MessageSid).executeTakeFirstOrThrow();
    expect(inbound).toEqual({ organization_id: w.owner.organizationId, body: 'Thanks!' });

    const other = await createAccount(w.deps, 'sandboxed');
    const otherApi = w.caller(browser(other.cookie));
    expect(await otherApi.sms.account()).toMatchObject({ account: { mode: 'sandbox' } });
    await otherApi.sms.send({ to: uniqueNumber(), message: 'Sandbox only' });
    // The other organization knows its own token only: its signature never reaches this organization's messages.
    expect(w.twilio.messages).toHaveLength(1);
  });

  it('tests the connection: the account through the SDK, or what is wrong', async () => {
    const { api } = await world();
    expect(await api.providers.test({ provider: 'twilio' })).toEqual({ ok: false, detail: 'Twilio is not configured: SMS runs on the sandbox, nothing leaves the machine' });
    await api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: 'a-wrong-token-of-twenty-chars', fromNumber: OWN_FROM });
    expect(await api.providers.test({ provider: 'twilio' })).toEqual({ ok: false, detail: 'Twilio refused the Account SID and auth token (error 20003: authentication failed): check both' });
    await api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: OTHER_AUTH_TOKEN, fromNumber: OWN_FROM });
    expect(await api.providers.test({ provider: 'twilio' })).toEqual({ ok: true, detail: `Twilio account “Account ${OTHER_ACCOUNT_SID.slice(-4)}” is active` });
  });
});

describe('an organization’s own SMTP server', () => {
  it('sends its e-mail through its server with its sender address, and tests the connection', async () => {
    const sink = await startSmtpSink({ auth: { user: 'mailer', pass: 'right-password' } });
    onTestFinished(() => sink.close());
    const w = await world();
    await registerTestEmailJobs(w.deps, { retryDelay: 1 });
    await w.deps.jobs.start();
    onTestFinished(async () => {
      await w.deps.jobs.stop({ timeoutMs: 3000 });
      await closeEmailTransport(w.deps);
    });
    const port = Number(new URL(sink.url).port);
    await w.api.providers.saveSmtp({ host: '127.0.0.1', port, security: 'none', username: 'mailer', password: 'wrong-password' });
    expect(await w.api.providers.test({ provider: 'smtp' })).toMatchObject({ ok: false, detail: expect.stringMatching(/^The SMTP server 127\.0\.0\.1:\d+ answered: .*535/) });
    await w.api.providers.saveSmtp({ host: '127.0.0.1', port, security: 'none', username: 'mailer', password: 'right-password' });
    expect(await w.api.providers.test({ provider: 'smtp' })).toEqual({ ok: true, detail: `Connected and authenticated to 127.0.0.1:${port}` });
    expect(await w.api.email.transport()).toMatchObject({ mode: 'smtp', server: 'organization', host: `127.0.0.1:${port}` });

    await w.api.email.updateSettings({ fromName: 'Acme Sales', fromAddress: 'sales@acme.example' });
    const to = uniqueEmail('own-smtp');
    const queued = await w.deps.database.db
      .transaction()
      .execute((trx) => queueEmail(trx, w.deps, { organizationId: w.owner.organizationId, kind: 'one_to_one', to, subject: 'Through our own server', html: '<p>Hi</p>', text: 'Hi' }));
    const [message] = await sink.waitFor(1);
    expect(message!.envelope).toEqual({ from: 'sales@acme.example', to: [to] });
    expect(message!.from?.value[0]).toMatchObject({ name: 'Acme Sales', address: 'sales@acme.example' });
    await eventually(
      () => w.deps.database.db.selectFrom('email_messages').select('status').where('id', '=', queued.id).executeTakeFirstOrThrow(),
      (row) => row.status === 'sent',
    );
  });

  it('fails a connection test to a closed port with the reason', async () => {
    const { api } = await world();
    await api.providers.saveSmtp({ host: '127.0.0.1', port: 1, security: 'none', username: null });
    expect(await api.providers.test({ provider: 'smtp' })).toMatchObject({ ok: false, detail: expect.stringMatching(/^The SMTP server 127\.0\.0\.1:1 answered: .*ECONNREFUSED/) });
  });
});

describe('the instance’s Stripe and Kit accounts', () => {
  it('are set by the organization running the server, tested, and applied to the configuration at start-up', async () => {
    const stripe = await startStripeDouble();
    const kit = await startKitDouble();
    onTestFinished(async () => {
      await stripe.close();
      await kit.close();
    });
    const first = await buildTestApp();
    const runner = await createAccount(first.deps, 'runner');
    const { deps, caller } = await buildTestApp({ env: { LEADS_ORGANIZATION_ID: runner.organizationId, STRIPE_API_BASE_URL: stripe.url, KIT_API_BASE_URL: kit.baseUrl } });
    const api = caller(browser(runner.cookie));
    const other = caller(browser((await createAccount(deps, 'tenant')).cookie));

    expect((await other.providers.overview()).providers.find((p) => p.provider === 'stripe')).toMatchObject({ scope: 'instance', editable: false, settings: null });
    await expect(other.providers.saveKit({ apiKey: kit.apiKey })).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('only the organization that runs the server') });

    await api.providers.saveStripe({ secretKey: 'sk_test_instance_4242', publishableKey: 'pk_test_instance', webhookSecret: 'whsec_instance_9999' });
    expect(await api.providers.test({ provider: 'stripe' })).toEqual({ ok: true, detail: 'Stripe accepted the secret key; balance in USD' });
    stripe.failNext('GET', '/v1/balance', 'Invalid API Key provided: sk_test_****4242', 401);
    expect(await api.providers.test({ provider: 'stripe' })).toEqual({ ok: false, detail: 'The payment provider could not read the balance: Invalid API Key provided: sk_test_****4242' });

    await api.providers.saveKit({ apiKey: 'not-the-kit-key' });
    expect(await api.providers.test({ provider: 'kit' })).toEqual({ ok: false, detail: 'Kit answered 401 to GET /v4/account: API Key not valid' });
    await api.providers.saveKit({ apiKey: kit.apiKey });
    expect(await api.providers.test({ provider: 'kit' })).toEqual({ ok: true, detail: 'Kit accepted the API key (account “Switchboard test creator”)' });

    const applied = await withInstanceProviders(deps.config, deps.database.db, deps.logger);
    expect(applied.stripe).toMatchObject({ secretKey: 'sk_test_instance_4242', publishableKey: 'pk_test_instance', webhookSecret: 'whsec_instance_9999' });
    expect(applied.kitApiKey).toBe(kit.apiKey);
    expect(applied.instanceProviderSources).toEqual({ stripe: 'app', kit: 'app' });
    // The environment wins over what was saved.
    const fromEnvironment = await buildTestApp({ env: { LEADS_ORGANIZATION_ID: runner.organizationId, STRIPE_SECRET_KEY: 'sk_test_from_env' } });
    const envApplied = await withInstanceProviders(fromEnvironment.deps.config, deps.database.db, deps.logger);
    expect(envApplied.stripe.secretKey).toBe('sk_test_from_env');
    expect(envApplied.kitApiKey).toBe(kit.apiKey);
  });
});

describe('credentials that no longer open (SECRETS_KEY rotated away)', () => {
  const ANOTHER_KEY = Buffer.alloc(32, 7).toString('base64');

  it('fails the SMS a send job cannot send, with the reason on each message, instead of leaving them queued', async () => {
    const w = await world();
    // Accepted by a process whose key sealed the credentials, sent by workers running under another key.
    const rotated = await buildTestApp({ database: w.deps.database, env: { TWILIO_API_BASE_URL: w.twilio.url, SECRETS_KEY: ANOTHER_KEY } });
    registerSmsJobs({ ...w.deps, config: rotated.deps.config }, { retryDelay: 1 });
    await w.deps.jobs.start();
    onTestFinished(() => w.deps.jobs.stop({ timeoutMs: 3000 }));
    await w.api.providers.saveTwilio({ accountSid: OTHER_ACCOUNT_SID, authToken: OTHER_AUTH_TOKEN, fromNumber: OWN_FROM });
    const { messageId } = await w.api.sms.send({ to: uniqueNumber(), message: 'Will not open' });
    const { batchId } = await w.api.sms.bulkSend({ recipients: [uniqueNumber(), uniqueNumber()], message: 'Nor these' });
    const failed = await eventually(
      () => w.deps.database.db.selectFrom('sms_messages').select(['id', 'status', 'error_message']).where('organization_id', '=', w.owner.organizationId).where('direction', '=', 'outbound').execute(),
      (rows) => rows.length === 3 && rows.every((r) => r.status === 'failed'),
    );
    expect(new Set(failed.map((r) => r.error_message))).toEqual(
      new Set(['Not sent: This organization’s Twilio settings do not open with this server’s key (SECRETS_KEY): save them again in Settings → Integrations']),
    );
    expect(w.twilio.messages).toHaveLength(0);
    // The sender sees why, on the message and in the batch's progress.
    const stranger = rotated.caller(browser(w.owner.cookie));
    expect((await stranger.sms.messages({})).find((m) => m.id === messageId)).toMatchObject({ status: 'failed', errorMessage: expect.stringContaining('save them again in Settings → Integrations') });
    expect(await w.api.sms.batch({ batchId })).toMatchObject({ failed: 2, queued: 0, done: true });
  });

  it('fails the e-mail a send job cannot send through the organization’s own SMTP server, with the reason', async () => {
    const sink = await startSmtpSink({ auth: { user: 'mailer', pass: 'right-password' } });
    onTestFinished(() => sink.close());
    const w = await world();
    await w.api.providers.saveSmtp({ host: '127.0.0.1', port: Number(new URL(sink.url).port), security: 'none', username: 'mailer', password: 'right-password' });
    const rotated = await buildTestApp({ database: w.deps.database, env: { SECRETS_KEY: ANOTHER_KEY } });
    const worker = { ...w.deps, config: rotated.deps.config };
    await registerTestEmailJobs(worker, { retryDelay: 1 });
    await w.deps.jobs.start();
    onTestFinished(async () => {
      await w.deps.jobs.stop({ timeoutMs: 3000 });
      await closeEmailTransport(worker);
    });
    const to = uniqueEmail('unopened');
    const queued = await w.deps.database.db
      .transaction()
      .execute((trx) => queueEmail(trx, w.deps, { organizationId: w.owner.organizationId, kind: 'one_to_one', to, subject: 'Never leaves', html: '<p>Hi</p>', text: 'Hi' }));
    const row = await eventually(
      () => w.deps.database.db.selectFrom('email_messages').select(['status', 'error']).where('id', '=', queued.id).executeTakeFirstOrThrow(),
      (r) => r.status === 'failed',
    );
    expect(row.error).toBe('Not sent: This organization’s SMTP settings do not open with this server’s key (SECRETS_KEY): save them again in Settings → Integrations');
    expect(sink.messages).toHaveLength(0);
    const stranger = rotated.caller(browser(w.owner.cookie));
    expect(await stranger.email.get({ id: queued.id })).toMatchObject({ status: 'failed', error: expect.stringContaining('save them again') });
  });
});

describe('Settings → E-mail names the SMTP server in use', () => {
  it('the sandbox, the environment’s SMTP_URL host or the organization’s own server — never the credentials', async () => {
    const w = await world();
    expect(await w.api.email.transport()).toMatchObject({ mode: 'sandbox', source: 'sandbox', host: null, problem: null });
    await w.api.providers.saveSmtp({ host: '127.0.0.1', port: 2525, security: 'none', username: 'mailer', password: 'own-password-never-shown' });
    const own = await w.api.email.transport();
    expect(own).toMatchObject({ mode: 'smtp', source: 'organization', server: 'organization', host: '127.0.0.1:2525', problem: null });
    expect(JSON.stringify(own)).not.toMatch(/own-password-never-shown|mailer/);

    // The environment's SMTP_URL wins: its host and port are shown, not its user or password.
    const env = await buildTestApp({ database: w.deps.database, env: { SMTP_URL: 'smtp://relay-user:relay-secret-never-shown@smtp.example.test:587' } });
    onTestFinished(() => closeEmailTransport(env.deps));
    const fromEnv = await env.caller(browser(w.owner.cookie)).email.transport();
    expect(fromEnv).toMatchObject({ mode: 'smtp', source: 'environment', server: 'deployment', host: 'smtp.example.test:587', problem: null });
    expect(JSON.stringify(fromEnv)).not.toMatch(/relay-secret-never-shown|relay-user|own-password/);

    // Its own server's credentials no longer open: still named, with what to do.
    const rotated = await buildTestApp({ database: w.deps.database, env: { SECRETS_KEY: Buffer.alloc(32, 9).toString('base64') } });
    expect(await rotated.caller(browser(w.owner.cookie)).email.transport()).toMatchObject({
      source: 'organization',
      host: '127.0.0.1:2525',
      problem: expect.stringContaining('save them again in Settings → Integrations'),
    });
    await w.api.providers.clear({ provider: 'smtp' });
  });
});
