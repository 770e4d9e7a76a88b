import { randomUUID } from 'node:crypto';
import { insertJsonRows } from '../db/json-rows';
import { recordActivities, type ActivityInput } from '../activities/service';
import { assertWithinLimit } from '../plans/limits';
import type { Db } from '../db';
import type { Attribution, LifecycleStage } from '../db/schema';
import { scoped } from '../db/scoped';
import { DomainError, type FieldIssue } from '../errors';
import { publishEvent, type EventInput } from '../events/publish';
import { readSettings } from '../organizations/settings';
import { normalizePhone } from '../phone';
import { checkCustomValues, loadDefinitions, type CustomFieldDefinition, type CustomValue } from './custom-fields';
import { displayName, type ContactRow } from './repo';
import { IDENTITY_MESSAGE, uniqueTags, type TAttributionInput } from './schema';

/*
 * A contact as a change sees it: its state, how input applies to it (with the organization's
 * country, custom field definitions and attribution), and how a change or a new contact is written
 * with its timeline entries. Every way a contact is created or changed goes through here.
 */

// ——— Organization settings ———

export async function organizationSettings(db: Db, organizationId: string): Promise<{ country: string; timezone: string }> {
  const { country, timezone } = await readSettings(db, organizationId);
  return { country, timezone };
}

// ——— Contact state: what a change compares ———

export type ContactState = {
  firstName: string;
  lastName: string;
  email: string | null;
  otherEmails: string[];
  phone: string | null;
  otherPhones: string[];
  companyName: string | null;
  jobTitle: string | null;
  lifecycleStage: LifecycleStage;
  source: string | null;
  tags: string[];
  ownerId: string | null;
  leadScore: number;
  dncSms: boolean;
  dncEmail: boolean;
  dncCalls: boolean;
  firstAttribution: Attribution | null;
  latestAttribution: Attribution | null;
  customFields: Record<string, CustomValue>;
};

export const EMPTY_CONTACT: ContactState = {
  firstName: '',
  lastName: '',
  email: null,
  otherEmails: [],
  phone: null,
  otherPhones: [],
  companyName: null,
  jobTitle: null,
  lifecycleStage: 'lead',
  source: null,
  tags: [],
  ownerId: null,
  leadScore: 0,
  dncSms: false,
  dncEmail: false,
  dncCalls: false,
  firstAttribution: null,
  latestAttribution: null,
  customFields: {},
};

export function stateOf(row: ContactRow): ContactState {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    otherEmails: row.other_emails,
    phone: row.phone,
    otherPhones: row.other_phones,
    companyName: row.company_name,
    jobTitle: row.job_title,
    lifecycleStage: row.lifecycle_stage,
    source: row.source,
    tags: row.tags,
    ownerId: row.owner_id,
    leadScore: row.lead_score,
    dncSms: row.dnc_sms,
    dncEmail: row.dnc_email,
    dncCalls: row.dnc_calls,
    firstAttribution: row.first_attribution as Attribution | null,
    latestAttribution: row.latest_attribution as Attribution | null,
    customFields: (row.custom_fields ?? {}) as Record<string, CustomValue>,
  };
}

/**
 * Column values of a state (for insert, or the changed ones for update). Json columns as JSON text
 * for a bound value (server/db/schema.ts Json<T>), or as values for a JSON parameter row (insertJsonRows).
 */
export function columnsOf(state: Partial<ContactState>, json: 'text' | 'value' = 'text') {
  const j = (value: unknown) => (json === 'text' ? JSON.stringify(value) : value);
  const c: Record<string, unknown> = {};
  if (state.firstName !== undefined) c.first_name = state.firstName;
  if (state.lastName !== undefined) c.last_name = state.lastName;
  if (state.email !== undefined) c.email = state.email;
  if (state.otherEmails !== undefined) c.other_emails = state.otherEmails;
  if (state.phone !== undefined) c.phone = state.phone;
  if (state.otherPhones !== undefined) c.other_phones = state.otherPhones;
  if (state.companyName !== undefined) c.company_name = state.companyName;
  if (state.jobTitle !== undefined) c.job_title = state.jobTitle;
  if (state.lifecycleStage !== undefined) c.lifecycle_stage = state.lifecycleStage;
  if (state.source !== undefined) c.source = state.source;
  if (state.tags !== undefined) c.tags = state.tags;
  if (state.ownerId !== undefined) c.owner_id = state.ownerId;
  if (state.leadScore !== undefined) c.lead_score = state.leadScore;
  if (state.dncSms !== undefined) c.dnc_sms = state.dncSms;
  if (state.dncEmail !== undefined) c.dnc_email = state.dncEmail;
  if (state.dncCalls !== undefined) c.dnc_calls = state.dncCalls;
  if (state.firstAttribution !== undefined) c.first_attribution = j(state.firstAttribution);
  if (state.latestAttribution !== undefined) c.latest_attribution = j(state.latestAttribution);
  if (state.customFields !== undefined) c.custom_fields = j(state.customFields);
  return c;
}

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` that differ from `before`. */
export function changedFields(before: ContactState, after: ContactState): Partial<ContactState> {
  const changed: Partial<ContactState> = {};
  for (const key of Object.keys(after) as (keyof ContactState)[]) {
    if (!same(before[key], after[key])) (changed as Record<string, unknown>)[key] = after[key];
  }
  return changed;
}

const FIELD_NAMES: Partial<Record<keyof ContactState, string>> = { dncSms: 'doNotContact.sms', dncEmail: 'doNotContact.email', dncCalls: 'doNotContact.calls' };

/**
 * The timeline entries of a change: stage_changed, owner_changed, tags_changed, and field_changed
 * {field, from, to} for every other field (custom fields one by one, as customFields.<key>).
 */
export function changeActivities(
  organizationId: string,
  contactId: string,
  before: ContactState,
  after: ContactState,
  actorUserId: string | null,
  extra: Record<string, unknown> = {},
): ActivityInput[] {
  const base = { organizationId, contactId, actorUserId };
  const out: ActivityInput[] = [];
  for (const key of Object.keys(after) as (keyof ContactState)[]) {
    const from = before[key];
    const to = after[key];
    if (same(from, to)) continue;
    if (key === 'lifecycleStage') out.push({ ...base, type: 'stage_changed', payload: { from, to, ...extra } });
    else if (key === 'ownerId') out.push({ ...base, type: 'owner_changed', payload: { from, to, ...extra } });
    else if (key === 'tags') {
      const added = after.tags.filter((t) => !before.tags.includes(t));
      const removed = before.tags.filter((t) => !after.tags.includes(t));
      out.push({ ...base, type: 'tags_changed', payload: { added, removed, ...extra } });
    } else if (key === 'customFields') {
      const keys = [...new Set([...Object.keys(before.customFields), ...Object.keys(after.customFields)])].sort();
      for (const k of keys) {
        const a = before.customFields[k] ?? null;
        const b = after.customFields[k] ?? null;
        if (a !== b) out.push({ ...base, type: 'field_changed', payload: { field: `customFields.${k}`, from: a, to: b, ...extra } });
      }
    } else out.push({ ...base, type: 'field_changed', payload: { field: FIELD_NAMES[key] ?? key, from, to, ...extra } });
  }
  return out;
}

/** Writes the differences between two states of one contact with their timeline entries; false when nothing changed. */
export async function saveChanges(
  trx: Db,
  organizationId: string,
  contactId: string,
  before: ContactState,
  after: ContactState,
  actorUserId: string | null,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  const changed = changedFields(before, after);
  if (Object.keys(changed).length === 0) return false;
  await scoped(trx, organizationId)
    .updateTable('contacts')
    .set({ ...columnsOf(changed), updated_at: new Date() })
    .where('id', '=', contactId)
    .execute();
  await recordActivities(trx, changeActivities(organizationId, contactId, before, after, actorUserId, extra));
  return true;
}

/** Inserts new contacts with their 'contact_created' entries. */
export async function insertContacts(
  trx: Db,
  organizationId: string,
  contacts: { id?: string; state: ContactState }[],
  actorUserId: string | null,
  created: (id: string, index: number) => Record<string, unknown>,
): Promise<string[]> {
  if (contacts.length === 0) return [];
  // Every way a contact is created passes here: the plan's contact limit is checked once, for all.
  await assertWithinLimit(trx, organizationId, 'contacts', contacts.length);
  const withIds = contacts.map((c) => ({ ...c, id: c.id ?? randomUUID() }));
  // One JSON parameter per thousand rows (insertJsonRows), not a bound value per column and row.
  for (let i = 0; i < withIds.length; i += 1000) {
    const rows = withIds.slice(i, i + 1000).map((c) => ({ id: c.id, organization_id: organizationId, ...columnsOf(c.state, 'value') }));
    await insertJsonRows(trx, 'contacts', rows as never).execute();
  }
  await recordActivities(
    trx,
    withIds.map((c, index) => ({ organizationId, contactId: c.id, type: 'contact_created', actorUserId, payload: { name: displayNameOf(c.state), ...created(c.id, index) } })),
  );
  return withIds.map((c) => c.id);
}

export function displayNameOf(state: ContactState): string {
  return displayName({ first_name: state.firstName, last_name: state.lastName, email: state.email, phone: state.phone });
}

/** The 'New Contact' event of one contact created by a person, a form or an SMS (imports announce themselves once). */
export function contactCreatedEvent(organizationId: string, contactId: string, state: ContactState, actorUserId: string | null): EventInput {
  return { organizationId, type: 'contact_created', payload: { contactId, name: displayNameOf(state), ownerId: state.ownerId }, actorUserId };
}

export function announceContact(trx: Db, organizationId: string, contactId: string, state: ContactState, actorUserId: string | null) {
  return publishEvent(trx, contactCreatedEvent(organizationId, contactId, state, actorUserId));
}

// ——— From input to state ———

type ContactFieldsInput = {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | null | undefined;
  otherEmails?: string[] | undefined;
  phone?: string | null | undefined;
  otherPhones?: string[] | undefined;
  companyName?: string | null | undefined;
  jobTitle?: string | null | undefined;
  lifecycleStage?: LifecycleStage | undefined;
  source?: string | null | undefined;
  tags?: string[] | undefined;
  ownerId?: string | null | undefined;
  leadScore?: number | undefined;
  doNotContact?: { sms?: boolean | undefined; email?: boolean | undefined; calls?: boolean | undefined } | undefined;
  attribution?: TAttributionInput | undefined;
  customFields?: Record<string, CustomValue> | undefined;
};

export type WriteEnv = { country: string | undefined; definitions: CustomFieldDefinition[]; now: Date };

export async function writeEnv(db: Db, organizationId: string): Promise<WriteEnv> {
  const [settings, definitions] = await Promise.all([organizationSettings(db, organizationId), loadDefinitions(db, organizationId)]);
  return { country: settings.country, definitions, now: new Date() };
}

export function attributionOf(input: TAttributionInput | null | undefined, at: Date): Attribution | null {
  if (!input) return null;
  const a: Attribution = { at: at.toISOString() };
  for (const key of ['source', 'medium', 'campaign', 'referrer', 'landingPage'] as const) {
    const value = input[key]?.trim();
    if (value) a[key] = value;
  }
  return Object.keys(a).length > 1 ? a : null;
}

/**
 * Applies validated input to a contact's state: phones to E.164 in the organization's country,
 * custom values checked against their definitions, attribution as latest (and first when none).
 * Problems are returned as field issues, not thrown, so a form gets all of them at once.
 */
export function applyInput(before: ContactState, input: ContactFieldsInput, env: WriteEnv): { state: ContactState; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const s: ContactState = { ...before, customFields: { ...before.customFields } };
  if (input.firstName !== undefined) s.firstName = input.firstName;
  if (input.lastName !== undefined) s.lastName = input.lastName;
  if (input.email !== undefined) s.email = input.email;
  if (input.otherEmails !== undefined) s.otherEmails = input.otherEmails;
  if (input.phone !== undefined) {
    if (input.phone === null) s.phone = null;
    else {
      const phone = normalizePhone(input.phone, env.country);
      if (phone.ok) s.phone = phone.e164;
      else issues.push({ path: 'phone', message: phone.reason });
    }
  }
  if (input.otherPhones !== undefined) {
    s.otherPhones = [];
    input.otherPhones.forEach((raw, i) => {
      const phone = normalizePhone(raw, env.country);
      if (phone.ok) s.otherPhones.push(phone.e164);
      else issues.push({ path: `otherPhones.${i}`, message: phone.reason });
    });
  }
  if (input.companyName !== undefined) s.companyName = input.companyName;
  if (input.jobTitle !== undefined) s.jobTitle = input.jobTitle;
  if (input.lifecycleStage !== undefined) s.lifecycleStage = input.lifecycleStage;
  if (input.source !== undefined) s.source = input.source;
  if (input.tags !== undefined) s.tags = uniqueTags(input.tags);
  if (input.ownerId !== undefined) s.ownerId = input.ownerId;
  if (input.leadScore !== undefined) s.leadScore = input.leadScore;
  if (input.doNotContact?.sms !== undefined) s.dncSms = input.doNotContact.sms;
  if (input.doNotContact?.email !== undefined) s.dncEmail = input.doNotContact.email;
  if (input.doNotContact?.calls !== undefined) s.dncCalls = input.doNotContact.calls;
  if (input.customFields !== undefined) {
    const checked = checkCustomValues(env.definitions, input.customFields);
    issues.push(...checked.issues);
    for (const [key, value] of Object.entries(checked.values)) {
      if (value === null) delete s.customFields[key];
      else s.customFields[key] = value;
    }
  }
  const attribution = attributionOf(input.attribution, env.now);
  if (attribution) {
    s.latestAttribution = attribution;
    // The first touch is never overwritten.
    if (!s.firstAttribution) s.firstAttribution = attribution;
  }
  return { state: tidy(s), issues };
}

/** Secondary e-mails and phones never repeat the primary one nor each other. */
export function tidy(s: ContactState): ContactState {
  s.otherEmails = [...new Set(s.otherEmails.map((e) => e.toLowerCase()))].filter((e) => e !== s.email);
  s.otherPhones = [...new Set(s.otherPhones)].filter((p) => p !== s.phone);
  return s;
}

export const hasIdentity = (s: ContactState) => Boolean(s.firstName.trim() || s.lastName.trim() || s.email || s.phone);

export function identityError(): DomainError {
  return new DomainError('VALIDATION', IDENTITY_MESSAGE, { issues: [{ path: '', message: IDENTITY_MESSAGE }] });
}

export function issuesError(issues: FieldIssue[]): DomainError {
  const first = issues[0]!;
  return new DomainError('VALIDATION', first.path ? `${first.path}: ${first.message}` : first.message, { issues });
}
