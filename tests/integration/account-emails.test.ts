import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PASSWORD_RESET_REQUESTED } from '../../server/account-emails/schema';
import { RESET_LIMIT_PER_ADDRESS, RESET_LIMIT_PER_CLIENT } from '../../server/account-emails/password-reset';
import { sha256 } from '../../server/auth/tokens';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import { closeEmailTransport } from '../../server/email/transport';
import { startSmtpSink } from '../doubles/smtp';
import { checkedTestApp } from '../helpers/openapi';
import { browser, createAccount, PASSWORD, uniqueEmail } from '../helpers/factories';
import { getTestDatabase } from '../helpers/db';
import { TEST_ORIGIN } from '../helpers/app';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

/** The app with real nodemailer sending into the in-process SMTP sink, and the e-mail job running. */
async function mailWorld() {
  const sink = await startSmtpSink();
  onTestFinished(() => sink.close());
  const world = await checkedTestApp({ env: { SMTP_URL: sink.url, SMTP_MAX_RATE: '1000', JOBS_POLL_MS: '50', TRUST_PROXY: 'true' } });
  await registerTestEmailJobs(world.deps, { retryDelay: 1 });
  await world.deps.jobs.start();
  onTestFinished(async () => {
    await world.deps.jobs.stop({ timeoutMs: 3000 });
    await closeEmailTransport(world.deps);
  });
  /** The messages with this subject the sink received for an address, once there are `count` of them. */
  const mailTo = async (address: string, subject: string, count = 1): Promise<ParsedMail[]> => {
    for (;;) {
      const received = sink.messages.filter((m) => addressesOf(m).includes(address) && m.subject === subject);
      if (received.length >= count) return received;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const rest = (path: string, body: unknown, ip = '127.0.0.1') =>
    world.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-forwarded-for': ip }, body: JSON.stringify(body) });
  return { ...world, sink, mailTo, rest };
}

const addressesOf = (mail: ParsedMail): string[] => [mail.to ?? []].flat().flatMap((to) => to.value.map((v) => v.address ?? ''));

/** The first link in the e-mail's text to a path such as reset-password, and its token. */
function linkIn(mail: ParsedMail, path: string): { url: string; token: string } {
  const match = new RegExp(`(https?://\\S+?/${path}/([\\w-]+))`).exec(mail.text ?? '');
  if (!match) throw new Error(`no /${path}/ link in: ${mail.text}`);
  return { url: match[1]!, token: match[2]! };
}

const NEW_PASSWORD = 'a brand new passphrase';
const RESET = 'Reset your Switchboard password';
const VERIFY = 'Verify your e-mail address';

describe('password reset', () => {
  it('e-mails a link that sets a new password once, ends every session, and the new password signs in', async () => {
    const { deps, caller, mailTo } = await mailWorld();
    const account = await createAccount(deps, 'reset');
    expect(await caller().account.requestPasswordReset({ email: account.email.toUpperCase() })).toEqual({ message: PASSWORD_RESET_REQUESTED });

    const [mail] = await mailTo(account.email, RESET);
    expect(mail!.html).toContain('lang="en"');
    expect(mail!.html).toContain('prefers-color-scheme: dark');
    const { url, token } = linkIn(mail!, 'reset-password');
    expect(url).toBe(`${deps.config.publicUrl}/reset-password/${token}`);
    // Only the token's hash is stored.
    const row = await deps.database.db.selectFrom('account_tokens').selectAll().where('user_id', '=', account.userId).where('purpose', '=', 'password_reset').executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    expect(await caller().account.resetPassword({ token, password: NEW_PASSWORD })).toEqual({ email: account.email });
    const sessions = await deps.database.db.selectFrom('sessions').select('id').where('user_id', '=', account.userId).execute();
    expect(sessions).toEqual([]);
    expect(await caller(browser(account.cookie)).auth.session()).toBeNull();
    await expect(caller().auth.login({ email: account.email, password: PASSWORD })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await caller().auth.login({ email: account.email, password: NEW_PASSWORD })).user.email).toBe(account.email);

    await expect(caller().account.resetPassword({ token, password: 'and another one please' })).rejects.toMatchObject({ message: 'This link has already been used; ask for a new one' });
  });

  it('the link expires after one hour', async () => {
    const { deps, caller, mailTo } = await mailWorld();
    const account = await createAccount(deps, 'expiry');
    await caller().account.requestPasswordReset({ email: account.email });
    const { token } = linkIn((await mailTo(account.email, RESET))[0]!, 'reset-password');
    const row = await deps.database.db.selectFrom('account_tokens').select('expires_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(Math.abs(row.expires_at.getTime() - (Date.now() + 3600_000))).toBeLessThan(60_000);
    // An hour passes.
    await deps.database.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', sha256(token))
      .execute();
    await expect(caller().account.resetPassword({ token, password: NEW_PASSWORD })).rejects.toMatchObject({ code: 'CONFLICT', message: 'This link has expired; ask for a new one' });
    expect((await caller().auth.login({ email: account.email, password: PASSWORD })).user.email).toBe(account.email);
  });

  it('answers the same for an unknown address, and sends it nothing', async () => {
    const { deps, mailTo, rest } = await mailWorld();
    const account = await createAccount(deps, 'known');
    const unknown = uniqueEmail('nobody');
    const [forUnknown, forKnown] = [await rest('/api/auth/forgot-password', { email: unknown }), await rest('/api/auth/forgot-password', { email: account.email })];
    expect([forUnknown.status, forKnown.status]).toEqual([202, 202]);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    await mailTo(account.email, RESET);
    const stored = await deps.database.db.selectFrom('email_messages').select('id').where('to_address', '=', unknown).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a password that breaks the sign-up rules, naming the field, and a malformed token', async () => {
    const { rest } = await mailWorld();
    const short = await rest('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'short' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('password: must be at least 10 characters');
    const malformed = await rest('/api/auth/reset-password', { token: 'not a token', password: NEW_PASSWORD });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe('token: is not a valid link');
    const unknown = await rest('/api/auth/reset-password', { token: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(unknown.status).toBe(404);
  });

  it('is throttled per address and per client address: 429 with Retry-After', async () => {
    const { rest } = await mailWorld();
    const address = uniqueEmail('throttled');
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < RESET_LIMIT_PER_ADDRESS.max; i++) expect((await rest('/api/auth/forgot-password', { email: address }, `198.51.100.${i}`)).status).toBe(202);
    const refused = await rest('/api/auth/forgot-password', { email: address }, '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/^Too many password reset requests\. Try again in/);

    for (let i = 0; i < RESET_LIMIT_PER_CLIENT.max; i++) expect((await rest('/api/auth/forgot-password', { email: uniqueEmail(`ip${i}`) }, ip)).status).toBe(202);
    const fromClient = await rest('/api/auth/forgot-password', { email: uniqueEmail('one-more') }, ip);
    expect(fromClient.status).toBe(429);
    expect(fromClient.headers.get('retry-after')).toBeTruthy();
  });
});

describe('e-mail verification', () => {
  it('sign-up e-mails a verify link; opening it verifies the address once; Resend sends a new one', async () => {
    const { deps, caller, callerWithHeaders, mailTo } = await mailWorld();
    const email = uniqueEmail('verify');
    const signup = callerWithHeaders();
    const payload = await signup.api.auth.signup({ name: 'Vera Fy', email, password: PASSWORD, organizationName: 'Verified Co' });
    expect(payload.user.emailVerified).toBe(false);
    const cookie = signup.resHeaders.get('set-cookie')!.split(';')[0]!;

    await mailTo(email, VERIFY);
    await caller(browser(cookie)).account.resendVerification();
    // Sent concurrently, the two may arrive in either order; only the latest link is still stored.
    const tokens = (await mailTo(email, VERIFY, 2)).map((m) => linkIn(m, 'verify-email').token);
    const stored = await deps.database.db.selectFrom('account_tokens').select('token_hash').where('token_hash', 'in', tokens.map(sha256)).execute();
    expect(stored).toHaveLength(1);
    const token = tokens.find((t) => sha256(t) === stored[0]!.token_hash)!;
    const earlier = tokens.find((t) => t !== token)!;
    await expect(caller().account.verifyEmail({ token: earlier })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await caller().account.verifyEmail({ token })).toEqual({ email });
    expect((await caller(browser(cookie)).auth.me()).user.emailVerified).toBe(true);
    await expect(caller().account.verifyEmail({ token })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(caller(browser(cookie)).account.resendVerification()).rejects.toMatchObject({ message: 'Your e-mail address is already verified' });
    expect(deps.config.publicUrl).toBe(TEST_ORIGIN);
  });

  it('changing the e-mail needs the password, re-verifies the new address and tells the old one', async () => {
    const { deps, caller, mailTo } = await mailWorld();
    const account = await createAccount(deps, 'mover');
    const api = caller(browser(account.cookie));
    const next = uniqueEmail('moved');
    await expect(api.account.changeEmail({ email: next, currentPassword: 'not my password' })).rejects.toMatchObject({ message: 'currentPassword: is not your current password' });
    const other = await createAccount(deps, 'taken');
    await expect(api.account.changeEmail({ email: other.email, currentPassword: PASSWORD })).rejects.toMatchObject({ code: 'CONFLICT' });

    const payload = await api.account.changeEmail({ email: next, currentPassword: PASSWORD });
    expect(payload.user).toMatchObject({ email: next, emailVerified: false });
    const [notice] = await mailTo(account.email, 'Your Switchboard e-mail address was changed');
    expect(notice!.text).toContain(next);
    const [verify] = await mailTo(next, VERIFY);
    await caller().account.verifyEmail({ token: linkIn(verify!, 'verify-email').token });
    expect((await api.auth.me()).user).toMatchObject({ email: next, emailVerified: true });
  });

  it('writes in the recipient’s language: Arabic right to left', async () => {
    const { deps, caller, mailTo } = await mailWorld();
    const account = await createAccount(deps, 'arabic');
    await caller(browser(account.cookie)).auth.updatePreferences({ language: 'ar' });
    await caller().account.requestPasswordReset({ email: account.email });
    const [mail] = await mailTo(account.email, 'إعادة تعيين كلمة مرور Switchboard');
    expect(mail!.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail!.html).toMatch(/<html[^>]*lang="ar"/);
  });
});

describe('sign-up with an address that has an account', () => {
  it('still answers 409, and e-mails the account a sign-in and a reset link', async () => {
    const { deps, caller, mailTo } = await mailWorld();
    const account = await createAccount(deps, 'existing');
    await expect(caller().auth.signup({ name: 'Someone Else', email: account.email, password: PASSWORD, organizationName: 'Other' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'email: An account with this e-mail already exists',
    });
    const [notice] = await mailTo(account.email, 'Someone tried to sign up with your e-mail');
    expect(notice!.text).toContain(`${deps.config.publicUrl}/login`);
    expect(notice!.text).toContain(`${deps.config.publicUrl}/forgot-password?email=${encodeURIComponent(account.email)}`);
  });
});

describe('invites by e-mail', () => {
  it('e-mails the invite link; Resend e-mails a new link and the earlier one stops working', async () => {
    const { deps, caller, mailTo } = await mailWorld();
    const owner = await createAccount(deps, 'inviter');
    const api = caller(browser(owner.cookie));
    const email = uniqueEmail('invitee');
    const invite = await api.members.invite({ email, role: 'sales_rep' });
    expect(invite.emailed).toBe(true);
    const subject = `Test inviter invited you to Org of ${owner.email} on Switchboard`;
    const [mail] = await mailTo(email, subject);
    expect(linkIn(mail!, 'invite').url).toBe(invite.url);
    const stored = await deps.database.db.selectFrom('email_messages').select(['organization_id', 'kind']).where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(stored).toEqual({ organization_id: owner.organizationId, kind: 'account' });

    const resent = await api.members.resendInvite({ id: invite.id });
    const links = (await mailTo(email, subject, 2)).map((m) => linkIn(m, 'invite').url);
    expect(links.sort()).toEqual([invite.url, resent.url].sort());
    expect(resent.url).not.toBe(invite.url);
    await expect(caller().invites.describe({ token: invite.url.split('/invite/')[1]! })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await caller().invites.describe({ token: resent.url.split('/invite/')[1]! })).email).toBe(email);

    await api.members.revokeInvite({ id: invite.id });
    await expect(api.members.resendInvite({ id: invite.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
