import type { Config } from '../config';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { keyring, open, seal, SecretError, sealedUnderOldKey, type Keyring } from './secrets';

/*
 * The one store of provider settings made in the app (provider_settings, docs/decisions/038): what
 * may be shown in `settings`, the credentials sealed together in `secrets`, their last characters
 * in `secret_hints`. The providers domain writes it (Settings → Integrations); the SMS and e-mail
 * domains read an organization's own Twilio account and SMTP server from it at send time, and the
 * start-up reads the instance's Stripe and Kit settings from the site owner's row.
 */

export const PROVIDERS = ['twilio', 'smtp', 'stripe', 'kit'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** Each provider's settings as the app uses them: shown fields and (opened) credentials together. */
export type ProviderValues = {
  twilio: { accountSid: string; messagingServiceSid: string | null; fromNumber: string | null; authToken: string };
  smtp: { host: string; port: number; security: 'tls' | 'starttls' | 'none'; username: string | null; password: string | null };
  stripe: { publishableKey: string | null; secretKey: string; webhookSecret: string | null };
  kit: { apiKey: string };
};

/** The credentials of each provider: sealed, never answered, only their last 4 characters shown. */
export const SECRET_FIELDS = {
  twilio: ['authToken'],
  smtp: ['password'],
  stripe: ['secretKey', 'webhookSecret'],
  kit: ['apiKey'],
} as const satisfies { [P in ProviderName]: readonly (keyof ProviderValues[P])[] };

export type SecretField<P extends ProviderName> = (typeof SECRET_FIELDS)[P][number];
export type PublicValues<P extends ProviderName> = Omit<ProviderValues[P], SecretField<P>>;
/** A write's credentials: a string sets one, null clears it, absent keeps what is stored. */
export type SecretWrites<P extends ProviderName> = Partial<Record<SecretField<P>, string | null>>;

/** Where a row's sealed credentials belong: a sealed value moved to another row does not open. */
const contextOf = (organizationId: string, provider: ProviderName) => `provider_settings:${organizationId}:${provider}`;

/** What a screen may show of a stored row: no credential, only whether each is set and its end. */
export type StoredSummary = { provider: ProviderName; settings: Record<string, unknown>; secretHints: Record<string, string>; updatedAt: Date };

export async function storedSummaries(db: Db, organizationId: string): Promise<StoredSummary[]> {
  const rows = await scoped(db, organizationId).selectFrom('provider_settings').select(['provider', 'settings', 'secret_hints', 'updated_at']).execute();
  return rows.map((row) => ({ provider: row.provider, settings: row.settings, secretHints: row.secret_hints, updatedAt: row.updated_at }));
}

type Row = { organization_id: string; provider: ProviderName; settings: Record<string, unknown>; secrets: string };

function opened<P extends ProviderName>(config: Config, row: Row): ProviderValues[P] {
  const secrets = JSON.parse(open(keyring(config), row.secrets, contextOf(row.organization_id, row.provider))) as Record<string, string | null>;
  return { ...row.settings, ...secrets } as ProviderValues[P];
}

/** The organization's stored settings of one provider, credentials opened; null when none are stored. */
export async function readProviderSettings<P extends ProviderName>(db: Db, config: Config, organizationId: string, provider: P): Promise<ProviderValues[P] | null> {
  const row = await scoped(db, organizationId).selectFrom('provider_settings').select(['organization_id', 'provider', 'settings', 'secrets']).where('provider', '=', provider).executeTakeFirst();
  return row ? opened<P>(config, row) : null;
}

/**
 * For the sending paths: the organization's stored settings, or null; settings that do not open
 * (sealed under a key this server lacks) are UNAVAILABLE naming what to do, never used half-read.
 */
export async function providerSettingsInUse<P extends ProviderName>(db: Db, config: Config, organizationId: string, provider: P, label: string): Promise<ProviderValues[P] | null> {
  try {
    return await readProviderSettings(db, config, organizationId, provider);
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    throw new DomainError('UNAVAILABLE', `This organization’s ${label} settings do not open with this server’s key (SECRETS_KEY): save them again in Settings → Integrations`, { cause: error });
  }
}

/**
 * When `error` is providerSettingsInUse's refusal of settings that do not open, its readable reason
 * (what a send job writes on the messages it cannot send); else null. Such settings stay unusable
 * until an admin saves them again, so a retry would not help (decision 048).
 */
export function unopenedCredentials(error: unknown): string | null {
  return error instanceof DomainError && error.code === 'UNAVAILABLE' && error.cause instanceof SecretError ? error.message : null;
}

/** Every organization's stored settings of a provider whose shown `field` has this value (a system lookup: Twilio's webhooks name their account). */
export async function providerSettingsWhere<P extends ProviderName>(
  db: Db,
  config: Config,
  provider: P,
  field: keyof PublicValues<P> & string,
  value: string,
): Promise<{ organizationId: string; values: ProviderValues[P] }[]> {
  const rows = await db
    .selectFrom('provider_settings')
    .select(['organization_id', 'provider', 'settings', 'secrets'])
    .where('provider', '=', provider)
    .where((eb) => eb(eb.ref('settings', '->>').key(field as never), '=', value))
    .orderBy('organization_id')
    .limit(20)
    .execute();
  // A row sealed under a key this server lacks cannot be used (nor can its token have signed anything): it is passed over.
  return rows.flatMap((row) => {
    try {
      return [{ organizationId: row.organization_id, values: opened<P>(config, row) }];
    } catch (error) {
      if (error instanceof SecretError) return [];
      throw error;
    }
  });
}

const hintOf = (secret: string) => secret.slice(-4);

/**
 * Stores one provider's settings for the organization: the shown fields replace the stored ones,
 * each credential is set, cleared or kept (see SecretWrites), and the credentials are sealed again
 * together. UNAVAILABLE when this server has no key to seal with (decision 038).
 */
export async function writeProviderSettings<P extends ProviderName>(
  trx: Db,
  config: Config,
  input: { organizationId: string; provider: P; settings: PublicValues<P>; secrets: SecretWrites<P>; updatedBy: string | null },
): Promise<{ changedSecrets: string[] }> {
  const { organizationId, provider } = input;
  const ring = keyring(config);
  const existing = await scoped(trx, organizationId)
    .selectFrom('provider_settings')
    .select(['organization_id', 'provider', 'settings', 'secrets'])
    .where('provider', '=', provider)
    .forUpdate()
    .executeTakeFirst();
  const stored = existing ? openForRewrite(ring, existing.secrets, contextOf(organizationId, provider), input.secrets as Record<string, unknown>, SECRET_FIELDS[provider]) : {};
  const secrets: Record<string, string | null> = {};
  const changedSecrets: string[] = [];
  for (const field of SECRET_FIELDS[provider] as readonly string[]) {
    const written = (input.secrets as Record<string, string | null | undefined>)[field];
    secrets[field] = written === undefined ? (stored[field] ?? null) : written;
    if (written !== undefined && written !== (stored[field] ?? null)) changedSecrets.push(field);
  }
  const hints = Object.fromEntries(Object.entries(secrets).flatMap(([field, secret]) => (secret ? [[field, hintOf(secret)]] : [])));
  const values = {
    settings: JSON.stringify(input.settings),
    secrets: seal(ring, JSON.stringify(secrets), contextOf(organizationId, provider)),
    secret_hints: JSON.stringify(hints),
    updated_by: input.updatedBy,
    updated_at: new Date(),
  };
  if (existing) await scoped(trx, organizationId).updateTable('provider_settings').set(values).where('provider', '=', provider).execute();
  else
    await scoped(trx, organizationId)
      .insertInto('provider_settings', { provider, ...values })
      .execute();
  return { changedSecrets };
}

/**
 * The stored credentials a write keeps. When they do not open (sealed under a key this server no
 * longer has), a write that types every credential again replaces them; one that would keep any
 * is refused, naming what to do.
 */
function openForRewrite(ring: Keyring, sealed: string, context: string, written: Record<string, unknown>, fields: readonly string[]): Record<string, string | null> {
  try {
    return JSON.parse(open(ring, sealed, context)) as Record<string, string | null>;
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    const kept = fields.filter((field) => written[field] === undefined);
    if (kept.length === 0) return {};
    throw new DomainError('CONFLICT', `The saved credentials do not open with this server’s key (SECRETS_KEY): type ${kept.join(' and ')} again`, {
      issues: kept.map((path) => ({ path, message: 'must be typed again: the saved one does not open with this server’s key' })),
    });
  }
}

/** Removes the organization's settings of one provider; false when there were none. */
export async function deleteProviderSettings(trx: Db, organizationId: string, provider: ProviderName): Promise<boolean> {
  const deleted = await scoped(trx, organizationId).deleteFrom('provider_settings').where('provider', '=', provider).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Re-seals every row sealed under a previous key with the current one (start-up, after SECRETS_KEY was rotated); how many. */
export async function resealProviderSettings(db: Db, config: Config): Promise<number> {
  const ring = keyring(config);
  if (!ring.current) return 0;
  const rows = await db.selectFrom('provider_settings').select(['organization_id', 'provider', 'secrets']).execute();
  let count = 0;
  for (const row of rows.filter((r) => sealedUnderOldKey(ring, r.secrets))) {
    const context = contextOf(row.organization_id, row.provider);
    await db
      .updateTable('provider_settings')
      .set({ secrets: seal(ring, open(ring, row.secrets, context), context) })
      .where('organization_id', '=', row.organization_id)
      .where('provider', '=', row.provider)
      .where('secrets', '=', row.secrets)
      .execute();
    count++;
  }
  return count;
}
