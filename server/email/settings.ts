import { createPublicKey } from 'node:crypto';
import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import type { Config } from '../config';
import { DomainError } from '../errors';
import { actorOf } from '../kernel/caller';
import type { OrgContext } from '../kernel/context';
import { storedSummaries, unopenedCredentials } from '../kernel/provider-settings';
import { readSettings, updateSettings, type OrganizationSettings } from '../organizations/settings';
import { escapeHtml, queueEmail } from './outbox';
import type { ZUpdateEmailSettingsInput } from './schema';
import { emailTransportFor } from './transport';

/** Settings → E-mail: the organization's sender identity, and how this server's e-mail leaves it. */

type EmailSettings = OrganizationSettings['email'];

/** What marketing e-mail needs that the settings may lack, named as the form names them. */
const MARKETING_REQUIREMENTS: { key: keyof EmailSettings; label: string }[] = [{ key: 'postalAddress', label: 'postal address' }];

export function missingForMarketing(settings: EmailSettings): string[] {
  return MARKETING_REQUIREMENTS.filter((r) => !settings[r.key]).map((r) => r.label);
}

/**
 * Refuses a marketing send while the organization's e-mail settings lack what the law asks of it
 * (a postal address in every marketing e-mail: CAN-SPAM, and the bulk-sender rules). Campaigns call
 * it before queueing anything.
 */
export function assertMarketingSendable(settings: EmailSettings): void {
  const missing = missingForMarketing(settings);
  if (missing.length === 0) return;
  throw new DomainError('CONFLICT', `Marketing e-mails need the organization’s ${missing.join(' and ')}: add it in Settings → E-mail first`, { details: { missing } });
}

export async function emailSettings(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'deps'>) {
  const settings = (await readSettings(ctx.db, ctx.organizationId)).email;
  return { settings, defaultSender: ctx.deps.config.email.from, missingForMarketing: missingForMarketing(settings) };
}

/** Saves the sender identity (a null clears a value back to the server's default) and records the change. */
export async function updateEmailSettings(ctx: OrgContext, input: z.output<typeof ZUpdateEmailSettingsInput>) {
  await ctx.db.transaction().execute(async (trx) => {
    const { before, after } = await updateSettings(trx, ctx.organizationId, { email: input });
    const changed = (Object.keys(after.email) as (keyof EmailSettings)[]).filter((key) => before.email[key] !== after.email[key]);
    if (changed.length > 0) {
      await recordAudit(trx, { organizationId: ctx.organizationId, actor: actorOf(ctx.auth), action: 'email.settings_updated', details: { changed }, meta: ctx.meta });
    }
  });
  return emailSettings(ctx);
}

/**
 * The DNS TXT record that publishes the DKIM key: `<selector>._domainkey.<domain>` with the public
 * half of DKIM_PRIVATE_KEY (RFC 6376: the DER SubjectPublicKeyInfo for RSA; RFC 8463: the raw key for Ed25519).
 */
export function dkimRecord(dkim: NonNullable<Config['email']['dkim']>): { domain: string; selector: string; name: string; value: string } {
  const publicKey = createPublicKey(dkim.privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const ed25519 = publicKey.asymmetricKeyType === 'ed25519';
  const key = ed25519 ? der.subarray(der.length - 32) : der;
  return {
    domain: dkim.domainName,
    selector: dkim.keySelector,
    name: `${dkim.keySelector}._domainkey.${dkim.domainName}`,
    value: `v=DKIM1; k=${ed25519 ? 'ed25519' : 'rsa'}; p=${key.toString('base64')}`,
  };
}

/** The SMTP server's host and port, never its credentials. */
function smtpHost(url: string | undefined): string | null {
  return url ? new URL(url).host : null;
}

/**
 * How this organization's e-mail leaves, for Settings → E-mail: `source` says which server —
 * the environment's SMTP_URL (it wins), the organization's own saved in Settings → Integrations, or
 * the sandbox — and `host` its host and port, never its user name or password. Own credentials that no
 * longer open (SECRETS_KEY rotated away) are still named, with `problem` saying what to do.
 */
export async function emailTransportStatus(ctx: Pick<OrgContext, 'deps' | 'db' | 'organizationId'>) {
  const { email } = ctx.deps.config;
  const from = email.from.name ? `${email.from.name} <${email.from.address}>` : email.from.address;
  let chosen: { transport: { mode: 'smtp' | 'sandbox' }; own: boolean };
  let problem: string | null = null;
  try {
    chosen = await emailTransportFor(ctx.deps, ctx.organizationId, ctx.db);
  } catch (error) {
    problem = unopenedCredentials(error);
    if (problem === null) throw error;
    chosen = { transport: { mode: 'smtp' }, own: true };
  }
  const { transport, own } = chosen;
  // The shown settings only (host, port): the sealed credentials are not opened for this.
  const ownServer = own ? (await storedSummaries(ctx.db, ctx.organizationId)).find((p) => p.provider === 'smtp')?.settings : undefined;
  const source = own ? ('organization' as const) : transport.mode === 'smtp' ? ('environment' as const) : ('sandbox' as const);
  return {
    mode: transport.mode,
    host: ownServer ? `${String(ownServer.host)}:${String(ownServer.port)}` : smtpHost(email.smtpUrl),
    server: own ? ('organization' as const) : ('deployment' as const),
    source,
    problem,
    defaultFrom: from,
    dkim: email.dkim && !own ? dkimRecord(email.dkim) : null,
  };
}

/** Connects to the organization's SMTP server and authenticates (nothing is sent); the sandbox always answers ok. */
export async function verifyEmailTransport(ctx: Pick<OrgContext, 'deps' | 'db' | 'organizationId'>) {
  return (await emailTransportFor(ctx.deps, ctx.organizationId, ctx.db)).transport.verify();
}

/**
 * A test e-mail to the member asking, sent as a one-to-one e-mail would be (the sender identity, the
 * footer, List-Unsubscribe), so they see what recipients get. An API key has no mailbox to send to.
 */
export async function sendTestEmail(ctx: OrgContext) {
  const user = ctx.auth.user;
  if (!user) throw new DomainError('BAD_REQUEST', 'A test e-mail goes to the signed-in member’s address; an API key has none');
  const organization = ctx.auth.organization.name;
  const text = `This is a test e-mail from ${organization} on Switchboard, sent from Settings → E-mail.\n\nIf it arrived, e-mail from this organization leaves the server with its sender name, address and footer as shown.`;
  const html = `<p>This is a test e-mail from <strong>${escapeHtml(organization)}</strong> on Switchboard, sent from Settings → E-mail.</p><p>If it arrived, e-mail from this organization leaves the server with its sender name, address and footer as shown.</p>`;
  const queued = await ctx.db.transaction().execute((trx) =>
    queueEmail(trx, ctx.deps, {
      organizationId: ctx.organizationId,
      kind: 'one_to_one',
      to: user.email,
      toName: user.name,
      userId: user.id,
      createdBy: user.id,
      subject: `Test e-mail from ${organization}`,
      html,
      text,
    }),
  );
  return { ...queued, to: user.email };
}
