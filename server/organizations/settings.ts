import { z } from 'zod';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { ZSignupInput, ZUpdateOrganizationInput } from '../auth/schema';
import { ZUpdateEmailSettingsInput } from './email-settings';
import { ZUpdateSmsSettingsInput } from './sms-settings';

/**
 * An organization's settings (organizations.settings, JSON): every key, its rule and its default,
 * in this one module. Reads go through readSettings/parseSettings, writes through updateSettings;
 * nothing else casts organizations.settings.
 *
 * Stored JSON is read tolerantly: a missing key takes its default, and a stored value that breaks
 * its rule (written by an older version, or by hand) is logged and read as its default, never a 500.
 * Keys this module does not know are kept as stored.
 */

// Each value's rule is the one of the form that writes it (one source of truth per rule and message).
const organizationRules = ZUpdateOrganizationInput.shape;
const smsRules = ZUpdateSmsSettingsInput.shape;
const emailRules = ZUpdateEmailSettingsInput.shape;

/** One setting: its rule and the value it reads as when absent or invalid. */
type Field<T> = { schema: z.ZodType<T>; default: T };
const field = <T>(schema: z.ZodType<T>, fallback: T): Field<T> => ({ schema, default: fallback });

const SMS_FIELDS = {
  /** Outbound SMS waits outside these hours (recipient's local time); null sends any time. */
  quietHours: field<{ start: string; end: string } | null>(smsRules.quietHours.unwrap(), null),
  /** The reply to HELP; null answers the default text naming the organization (sms/templates.ts defaultHelpText). */
  helpText: field<string | null>(smsRules.helpText.unwrap().nullable(), null),
};

const EMAIL_FIELDS = {
  /** The sender's display name; null: EMAIL_FROM's. */
  fromName: field<string | null>(emailRules.fromName.unwrap(), null),
  /** The sender's address; null: EMAIL_FROM's. */
  fromAddress: field<string | null>(emailRules.fromAddress.unwrap(), null),
  /** Where replies go (plus-addressed, so they thread); null: the sender's address. */
  replyTo: field<string | null>(emailRules.replyTo.unwrap(), null),
  /** The footer's postal address of marketing and one-to-one e-mail. */
  postalAddress: field<string | null>(emailRules.postalAddress.unwrap(), null),
};

const FIELDS = {
  /** Default country of phone numbers typed without a country code (ISO 3166-1 alpha-2). */
  country: field<string>(organizationRules.country.unwrap(), 'US'),
  /** The organization's time zone: days of reports, lists' date filters, tasks when the user has none. */
  timezone: field<string>(organizationRules.timezone.unwrap(), 'UTC'),
  /** The public business phone, in international form (service.ts updateOrganization); the sites' Footer block shows it. */
  phone: field<string | null>(organizationRules.phone.unwrap(), null),
  /** "Sales Reps see only contacts and deals they own". */
  salesRepsSeeOwnOnly: field<boolean>(organizationRules.salesRepsSeeOwnOnly.unwrap(), false),
  /** Industry key from the landing page the organization signed up from; null when none. */
  industry: field<string | null>(ZSignupInput.shape.industry.unwrap().nullable(), null),
  /** Primary currency for single-figure sums; null: the currency most deals use (deals/repo.ts primaryCurrency). */
  currency: field<string | null>(
    z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code such as USD')
      .nullable(),
    null,
  ),
  /** SMS settings of Settings → SMS. */
  sms: SMS_FIELDS,
  /** Sender identity of Settings → E-mail. */
  email: EMAIL_FIELDS,
  /** Whether the default SMS templates were seeded once (deleting them does not bring them back). */
  smsTemplatesSeeded: field<boolean>(z.boolean(), false),
};

type ValueOf<F> = F extends Field<infer T> ? T : never;
export type SmsOrganizationSettings = { [K in keyof typeof SMS_FIELDS]: ValueOf<(typeof SMS_FIELDS)[K]> };
export type EmailOrganizationSettings = { [K in keyof typeof EMAIL_FIELDS]: ValueOf<(typeof EMAIL_FIELDS)[K]> };
type Groups = { sms: SmsOrganizationSettings; email: EmailOrganizationSettings };
export type OrganizationSettings = { [K in Exclude<keyof typeof FIELDS, keyof Groups>]: ValueOf<(typeof FIELDS)[K]> } & Groups;
/** What a write may change: any top-level keys, and any keys of a group (its others are kept). */
export type SettingsPatch = Partial<Omit<OrganizationSettings, keyof Groups>> & { [G in keyof Groups]?: Partial<Groups[G]> };

type Fields = Record<string, Field<unknown> | Record<string, Field<unknown>>>;
const isField = (f: Field<unknown> | Record<string, Field<unknown>>): f is Field<unknown> => 'schema' in f && f.schema instanceof z.ZodType;

function defaultsOf(fields: Fields): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, isField(f) ? f.default : defaultsOf(f)]));
}

/** Every setting's default: what an organization with nothing stored reads. */
export const DEFAULT_SETTINGS: OrganizationSettings = Object.freeze(defaultsOf(FIELDS) as OrganizationSettings);

const asRecord = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

export type InvalidSetting = { path: string; message: string };

/** Logged when a stored value breaks its rule and its default is used instead (console.warn unless set). */
let warnInvalid = (organizationId: string, invalid: InvalidSetting[]): void => {
  console.warn(JSON.stringify({ msg: 'organization settings: invalid stored values read as their defaults', organizationId, invalid }));
};
export function onInvalidStoredSettings(log: typeof warnInvalid): void {
  warnInvalid = log;
}

function parseFields(fields: Fields, raw: unknown, prefix: string, invalid: InvalidSetting[]): Record<string, unknown> {
  const stored = asRecord(raw);
  if (raw !== undefined && raw !== null && !stored) invalid.push({ path: prefix || '(settings)', message: 'must be an object' });
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const value = stored?.[key];
    if (!isField(f)) {
      out[key] = parseFields(f, value, path, invalid);
      continue;
    }
    if (value === undefined) {
      out[key] = f.default;
      continue;
    }
    const parsed = f.schema.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
    else {
      invalid.push({ path, message: parsed.error.issues[0]?.message ?? 'is invalid' });
      out[key] = f.default;
    }
  }
  return out;
}

/** Stored settings JSON as the typed whole (tolerant: see the module comment). */
export function parseSettings(raw: unknown, organizationId = 'unknown'): OrganizationSettings {
  const invalid: InvalidSetting[] = [];
  const settings = parseFields(FIELDS, raw, '', invalid) as OrganizationSettings;
  if (invalid.length > 0) warnInvalid(organizationId, invalid);
  return settings;
}

/** The organization's settings, every key with its value or default. */
export async function readSettings(db: Db, organizationId: string): Promise<OrganizationSettings> {
  const row = await db.selectFrom('organizations').select('settings').where('id', '=', organizationId).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'Organization not found');
  return parseSettings(row.settings, organizationId);
}

/** The patch checked against each key's rule: a 400 naming the setting, never a bad value stored. */
export function validatePatch(patch: SettingsPatch): SettingsPatch {
  const issues: InvalidSetting[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const f = (FIELDS as Fields)[key];
    if (!f) {
      issues.push({ path: key, message: 'is not a setting' });
      continue;
    }
    if (isField(f)) {
      const parsed = f.schema.safeParse(value);
      if (parsed.success) out[key] = parsed.data;
      else issues.push({ path: key, message: parsed.error.issues[0]?.message ?? 'is invalid' });
      continue;
    }
    const group = asRecord(value);
    if (!group) {
      issues.push({ path: key, message: 'must be an object' });
      continue;
    }
    const inner: Record<string, unknown> = {};
    for (const [innerKey, innerValue] of Object.entries(group)) {
      if (innerValue === undefined) continue;
      const innerField = f[innerKey];
      const parsed = innerField?.schema.safeParse(innerValue);
      if (!parsed) issues.push({ path: `${key}.${innerKey}`, message: 'is not a setting' });
      else if (parsed.success) inner[innerKey] = parsed.data;
      else issues.push({ path: `${key}.${innerKey}`, message: parsed.error.issues[0]?.message ?? 'is invalid' });
    }
    out[key] = inner;
  }
  if (issues.length > 0) throw new DomainError('VALIDATION', `${issues[0]!.path}: ${issues[0]!.message}`, { issues });
  return out as SettingsPatch;
}

/**
 * Merges a patch into the organization's settings under a row lock (select … for update), so two
 * concurrent writers never lose each other's keys; a group's keys (sms, email) merge into its stored ones. The
 * patch may be computed from the current settings (read under the lock). Run it inside a transaction.
 */
export async function updateSettings(
  trx: Db,
  organizationId: string,
  patch: SettingsPatch | ((current: OrganizationSettings) => SettingsPatch),
): Promise<{ before: OrganizationSettings; after: OrganizationSettings }> {
  const row = await trx.selectFrom('organizations').select('settings').where('id', '=', organizationId).forUpdate().executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'Organization not found');
  const before = parseSettings(row.settings, organizationId);
  const changes = validatePatch(typeof patch === 'function' ? patch(before) : patch);
  const stored = asRecord(row.settings) ?? {};
  const next: Record<string, unknown> = { ...stored, ...changes };
  if (changes.sms) next.sms = { ...before.sms, ...changes.sms };
  if (changes.email) next.email = { ...before.email, ...changes.email };
  await trx
    .updateTable('organizations')
    .set({ settings: JSON.stringify(next), updated_at: new Date() })
    .where('id', '=', organizationId)
    .execute();
  return { before, after: parseSettings(next, organizationId) };
}

function recordOf(fields: Fields): z.ZodType {
  return z.strictObject(Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, isField(f) ? f.schema : recordOf(f)])));
}

/** The settings as answered: every key with its value or default, by the rules above. */
export const ZOrganizationSettings = recordOf(FIELDS) as z.ZodType<OrganizationSettings>;
