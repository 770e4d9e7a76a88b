import { randomUUID } from 'node:crypto';
import { sql, type Expression, type SqlBool } from 'kysely';
import { listActivities, recordActivities, recordActivity, type ActivityInput } from '../activities/service';
import { publishEvent, publishEvents, type EventInput } from '../events/publish';
import { recordAudit } from '../audit/service';
import { assertWithinLimit } from '../plans/limits';
import { actorOf, type OrgAuth } from '../kernel/caller';
import { assertPermission } from '../kernel/access';
import type { Db } from '../db';
import type { Attribution, LifecycleStage } from '../db/schema';
import { scoped } from '../db/scoped';
import { DomainError, parseInput, type FieldIssue } from '../errors';
import type { RequestMeta } from '../http/meta';
import { assertMember, ownerOnlyFilter } from '../organizations/members';
import { readSettings } from '../organizations/settings';
import { normalizePhone } from '../phone';
import { checkCustomValues, loadDefinitions, type CustomFieldDefinition, type CustomValue } from './custom-fields';
import {
  afterCursor,
  and,
  contactsOf,
  decodeCursor,
  displayName,
  encodeCursor,
  filterConditions,
  keyValues,
  loadContact,
  loadContacts,
  orderByKeys,
  sortKeys,
  toContact,
  type ContactRow,
  type FilterValues,
} from './repo';
import {
  CONTACT_LIMITS,
  DEFAULT_DIRECTION,
  IDENTITY_MESSAGE,
  MERGE_FIELDS,
  ZAddNoteInput,
  ZBulkContactsInput,
  ZContactTimelineInput,
  ZCreateContactInput,
  ZDeleteContactInput,
  ZEmailOnly,
  ZContactMatchesInput,
  ZFindDuplicatesInput,
  ZGetContactInput,
  ZContactFilter,
  ZListContactsInput,
  ZListContactTagsInput,
  ZMergeContactsInput,
  ZUpdateContactInput,
  uniqueTags,
  type TAttributionInput,
  type TContactFilter,
  type TMergeField,
} from './schema';

/** What every contacts service call acts with: the database, the caller's organization and who they are. */
export type ContactsCtx = { db: Db; organizationId: string; auth: OrgAuth; meta?: RequestMeta };

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

/** Column values of a state (for insert, or the changed ones for update). */
function columnsOf(state: Partial<ContactState>) {
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
  // Json columns are written as JSON text (server/db/schema.ts Json<T>).
  if (state.firstAttribution !== undefined) c.first_attribution = JSON.stringify(state.firstAttribution);
  if (state.latestAttribution !== undefined) c.latest_attribution = JSON.stringify(state.latestAttribution);
  if (state.customFields !== undefined) c.custom_fields = JSON.stringify(state.customFields);
  return c;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` that differ from `before`. */
function changedFields(before: ContactState, after: ContactState): Partial<ContactState> {
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
  contacts: { id?: string; state: ContactState; createdAt?: Date }[],
  actorUserId: string | null,
  created: (id: string, index: number) => Record<string, unknown>,
): Promise<string[]> {
  if (contacts.length === 0) return [];
  // Every way a contact is created passes here: the plan's contact limit is checked once, for all.
  await assertWithinLimit(trx, organizationId, 'contacts', contacts.length);
  const withIds = contacts.map((c) => ({ ...c, id: c.id ?? randomUUID() }));
  // A few hundred rows per statement keeps well under the bind-parameter limit.
  for (let i = 0; i < withIds.length; i += 200) {
    const slice = withIds.slice(i, i + 200);
    await scoped(trx, organizationId)
      .insertInto(
        'contacts',
        slice.map((c) => ({ id: c.id, ...columnsOf(c.state), ...(c.createdAt ? { created_at: c.createdAt, updated_at: c.createdAt } : {}) }) as never),
      )
      .execute();
  }
  await recordActivities(
    trx,
    withIds.map((c, index) => ({ organizationId, contactId: c.id, type: 'contact_created', actorUserId, payload: { name: displayNameOf(c.state), ...created(c.id, index) } })),
  );
  return withIds.map((c) => c.id);
}

function displayNameOf(state: ContactState): string {
  return displayName({ first_name: state.firstName, last_name: state.lastName, email: state.email, phone: state.phone });
}

/** The 'New Contact' event of one contact created by a person, a form or an SMS (imports announce themselves once). */
function contactCreatedEvent(organizationId: string, contactId: string, name: string, actorUserId: string | null): EventInput {
  return { organizationId, type: 'contact_created', payload: { contactId, name }, actorUserId };
}

function announceContact(trx: Db, organizationId: string, contactId: string, name: string, actorUserId: string | null) {
  return publishEvent(trx, contactCreatedEvent(organizationId, contactId, name, actorUserId));
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
function tidy(s: ContactState): ContactState {
  s.otherEmails = [...new Set(s.otherEmails.map((e) => e.toLowerCase()))].filter((e) => e !== s.email);
  s.otherPhones = [...new Set(s.otherPhones)].filter((p) => p !== s.phone);
  return s;
}

const hasIdentity = (s: ContactState) => Boolean(s.firstName.trim() || s.lastName.trim() || s.email || s.phone);

function identityError(): DomainError {
  return new DomainError('VALIDATION', IDENTITY_MESSAGE, { issues: [{ path: '', message: IDENTITY_MESSAGE }] });
}

function issuesError(issues: FieldIssue[]): DomainError {
  const first = issues[0]!;
  return new DomainError('VALIDATION', first.path ? `${first.path}: ${first.message}` : first.message, { issues });
}

const actorIdOf = (ctx: ContactsCtx) => ctx.auth.user?.id ?? null;

// ——— Read ———

export async function listContacts(ctx: ContactsCtx, rawInput: unknown) {
  const input = parseInput(ZListContactsInput, rawInput ?? {});
  const [ownerOnly, settings] = await Promise.all([ownerOnlyFilter(ctx.db, ctx.auth), organizationSettings(ctx.db, ctx.organizationId)]);
  const direction = input.direction ?? DEFAULT_DIRECTION[input.sort];
  const keys = sortKeys(input.sort, direction);
  const where = and(filterConditions(input, settings.timezone));
  let page = contactsOf(ctx.db, ctx.organizationId, ownerOnly)
    .leftJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .selectAll('contacts')
    .select(['owner.name as owner_name', 'owner.email as owner_email', keyValues(keys).as('sort_keys')])
    .where(where)
    .orderBy(orderByKeys(keys))
    .limit(input.limit + 1);
  page = input.cursor ? page.where(afterCursor(keys, decodeCursor(input.cursor, input.sort, direction, keys))) : page.offset((input.page - 1) * input.limit);
  const [rows, total] = await Promise.all([page.execute(), countContacts(ctx, input, ownerOnly, where)]);
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return {
    items: items.map(toContact),
    /** Matches: exact, or CONTACT_LIMITS.countCap when there are more (see totalIsLowerBound). */
    total: total.n,
    /** True when more than `total` contacts match. */
    totalIsLowerBound: total.atLeast,
    /** null when the page came from a cursor. */
    page: input.cursor ? null : input.page,
    limit: input.limit,
    nextCursor: rows.length > input.limit && last ? encodeCursor({ s: input.sort, d: direction, k: last.sort_keys }) : null,
  };
}

/** Tags with how many (visible) contacts carry them, most used first. */
export async function listContactTags(ctx: ContactsCtx, rawInput: unknown): Promise<{ tag: string; count: number }[]> {
  const input = parseInput(ZListContactTagsInput, rawInput ?? {});
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const pattern = input.prefix ? `${input.prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  // A rep who sees only their own contacts gets counts over those (a small set); everyone else reads
  // the per-organization counts the contacts triggers maintain.
  const rows = ownerOnly
    ? await ctx.db
        .selectFrom(
          contactsOf(ctx.db, ctx.organizationId, ownerOnly)
            .select(sql<string>`unnest(contacts.tags)`.as('tag'))
            .as('t'),
        )
        .select(['t.tag', (eb) => eb.fn.countAll<string>().as('n')])
        .$if(pattern !== null, (q) => q.where(sql<boolean>`lower(t.tag) like ${pattern}`))
        .groupBy('t.tag')
        .orderBy('n', 'desc')
        .orderBy('t.tag')
        .limit(input.limit)
        .execute()
    : await scoped(ctx.db, ctx.organizationId)
        .selectFrom('contact_tag_counts')
        .select(['tag', 'contact_count as n'])
        .$if(pattern !== null, (q) => q.where(sql<boolean>`lower(tag) like ${pattern}`))
        .orderBy('contact_count', 'desc')
        .orderBy('tag')
        .limit(input.limit)
        .execute();
  return rows.map((r) => ({ tag: r.tag, count: Number(r.n) }));
}

/**
 * How many contacts a list matches. Without a filter, or with only a tag, the counts the contacts
 * triggers keep answer exactly at once; otherwise matches are counted up to CONTACT_LIMITS.countCap.
 */
async function countContacts(ctx: ContactsCtx, filter: TContactFilter, ownerOnly: string | null, where: Expression<SqlBool>): Promise<{ n: number; atLeast: boolean }> {
  const narrowed = (Object.keys(ZContactFilter.shape) as (keyof TContactFilter)[]).some((key) => key !== 'tag' && filter[key] !== undefined && filter[key] !== '');
  if (!ownerOnly && !narrowed) {
    const org = scoped(ctx.db, ctx.organizationId);
    const row = filter.tag
      ? await org.selectFrom('contact_tag_counts').select('contact_count as n').where('tag', '=', filter.tag).executeTakeFirst()
      : await org.selectFrom('organization_contact_counts').select('contacts as n').executeTakeFirst();
    return { n: row?.n ?? 0, atLeast: false };
  }
  const matches = contactsOf(ctx.db, ctx.organizationId, ownerOnly)
    .select(sql<number>`1`.as('one'))
    .where(where)
    .limit(CONTACT_LIMITS.countCap + 1);
  const { n } = await ctx.db
    .selectFrom(matches.as('matches'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { n: Math.min(Number(n), CONTACT_LIMITS.countCap), atLeast: Number(n) > CONTACT_LIMITS.countCap };
}

/** Whether the contact exists in the organization and the caller may see it (its page answers 404 otherwise). */
export async function contactVisible(ctx: ContactsCtx, id: string): Promise<boolean> {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  return (await contactsOf(ctx.db, ctx.organizationId, ownerOnly).select('contacts.id').where('contacts.id', '=', id).executeTakeFirst()) !== undefined;
}

export async function getContact(ctx: ContactsCtx, rawInput: unknown) {
  const { id } = parseInput(ZGetContactInput, rawInput);
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  return readContact(ctx.db, ctx.organizationId, ownerOnly, id);
}

/** One contact with its owner and how many deals, tasks and appointments it has. */
async function readContact(db: Db, organizationId: string, ownerOnly: string | null, id: string) {
  const row = await contactsOf(db, organizationId, ownerOnly)
    .leftJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .selectAll('contacts')
    .select(['owner.name as owner_name', 'owner.email as owner_email'])
    .where('contacts.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'Contact not found');
  const org = scoped(db, organizationId);
  const now = new Date();
  const [deals, tasks, appointments] = await Promise.all([
    org
      .selectFrom('deals')
      .select([(eb) => eb.fn.countAll<string>().as('all'), sql<string>`count(*) filter (where deals.status = 'open')`.as('open')])
      .where('contact_id', '=', id)
      .executeTakeFirstOrThrow(),
    org
      .selectFrom('tasks')
      .select([(eb) => eb.fn.countAll<string>().as('all'), sql<string>`count(*) filter (where tasks.status = 'open')`.as('open')])
      .where('contact_id', '=', id)
      .executeTakeFirstOrThrow(),
    org
      .selectFrom('appointments')
      .select([(eb) => eb.fn.countAll<string>().as('all'), sql<string>`count(*) filter (where appointments.status = 'scheduled' and appointments.starts_at >= ${now})`.as('upcoming')])
      .where('contact_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...toContact(row),
    counts: {
      deals: Number(deals.all),
      openDeals: Number(deals.open),
      tasks: Number(tasks.all),
      openTasks: Number(tasks.open),
      appointments: Number(appointments.all),
      upcomingAppointments: Number(appointments.upcoming),
    },
  };
}

// ——— Create, update, delete ———

export async function createContact(ctx: ContactsCtx, rawInput: unknown) {
  const input = parseInput(ZCreateContactInput, rawInput);
  // Omitted, the owner is whoever creates the contact; null leaves it unassigned.
  const ownerId = input.ownerId === undefined ? actorIdOf(ctx) : input.ownerId;
  await assertMember(ctx.db, ctx.organizationId, ownerId, 'ownerId');
  const env = await writeEnv(ctx.db, ctx.organizationId);
  const { state, issues } = applyInput(EMPTY_CONTACT, { ...input, ownerId }, env);
  if (issues.length > 0) throw issuesError(issues);
  if (!hasIdentity(state)) throw identityError();
  if (!state.source && state.firstAttribution?.source) state.source = state.firstAttribution.source;
  const id = await ctx.db.transaction().execute(async (trx) => {
    const [created] = await insertContacts(trx, ctx.organizationId, [{ state }], actorIdOf(ctx), () => ({ via: ctx.auth.via === 'apiKey' ? 'api' : 'manual' }));
    await announceContact(trx, ctx.organizationId, created!, displayNameOf(state), actorIdOf(ctx));
    return created!;
  });
  return readContact(ctx.db, ctx.organizationId, null, id);
}

export async function updateContact(ctx: ContactsCtx, rawInput: unknown) {
  const input = parseInput(ZUpdateContactInput, rawInput);
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await loadContact(ctx.db, ctx.organizationId, ownerOnly, input.id);
  await assertMember(ctx.db, ctx.organizationId, input.ownerId, 'ownerId');
  const env = await writeEnv(ctx.db, ctx.organizationId);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await loadContact(trx, ctx.organizationId, ownerOnly, input.id, { lock: true });
    const before = stateOf(row);
    const { state, issues } = applyInput(before, input, env);
    if (issues.length > 0) throw issuesError(issues);
    if (!hasIdentity(state)) throw identityError();
    if (await saveChanges(trx, ctx.organizationId, row.id, before, state, actorIdOf(ctx))) {
      await publishEvent(trx, { organizationId: ctx.organizationId, type: 'contact_updated', payload: { contactIds: [row.id] }, actorUserId: actorIdOf(ctx) });
    }
  });
  return readContact(ctx.db, ctx.organizationId, null, input.id);
}

/**
 * Deletes contacts. Their timeline goes with them; the deals that named them say so on their own
 * timeline, their tasks and appointments stay without a contact, and the audit log keeps who did it.
 */
async function deleteRows(trx: Db, ctx: ContactsCtx, rows: Pick<ContactRow, 'id' | 'first_name' | 'last_name' | 'email' | 'phone'>[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  const org = scoped(trx, ctx.organizationId);
  const names = new Map(rows.map((r) => [r.id, displayName(r)]));
  for (let i = 0; i < ids.length; i += 1000) {
    const slice = ids.slice(i, i + 1000);
    const deals = await org.selectFrom('deals').select(['id', 'contact_id']).where('contact_id', 'in', slice).execute();
    await recordActivities(
      trx,
      deals.map((d) => ({
        organizationId: ctx.organizationId,
        dealId: d.id,
        type: 'contact_deleted',
        actorUserId: actorIdOf(ctx),
        payload: { contactId: d.contact_id, name: names.get(d.contact_id!) },
      })),
    );
    await org.deleteFrom('contacts').where('id', 'in', slice).execute();
  }
  await publishEvent(trx, { organizationId: ctx.organizationId, type: 'contact_deleted', payload: { contactIds: ids.slice(0, 1000), count: ids.length }, actorUserId: actorIdOf(ctx) });
  if (ctx.meta) {
    await recordAudit(trx, {
      organizationId: ctx.organizationId,
      actor: actorOf(ctx.auth),
      action: 'contacts.deleted',
      ...(rows.length === 1 ? { target: { type: 'contact', id: rows[0]!.id } } : {}),
      details: { count: rows.length, names: rows.slice(0, 20).map((r) => displayName(r)) },
      meta: ctx.meta,
    });
  }
}

export async function deleteContact(ctx: ContactsCtx, rawInput: unknown): Promise<{ id: string }> {
  const { id } = parseInput(ZDeleteContactInput, rawInput);
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await loadContact(trx, ctx.organizationId, ownerOnly, id, { lock: true });
    await deleteRows(trx, ctx, [row]);
  });
  return { id };
}

// ——— Bulk ———

/**
 * One change (add/remove a tag, assign an owner, change the stage, delete) on the selected
 * contacts or on every contact matching a filter, in one transaction, each changed contact's
 * timeline entry written. Contacts already in the wanted state are left as they are.
 */
export async function bulkUpdateContacts(ctx: ContactsCtx, rawInput: unknown): Promise<{ matched: number; changed: number }> {
  const input = parseInput(ZBulkContactsInput, rawInput);
  const { action } = input;
  if (action.type === 'delete') assertPermission(ctx.auth, 'contacts:delete');
  const [ownerOnly, settings] = await Promise.all([ownerOnlyFilter(ctx.db, ctx.auth), organizationSettings(ctx.db, ctx.organizationId)]);
  if (action.type === 'assignOwner') await assertMember(ctx.db, ctx.organizationId, action.ownerId, 'action.ownerId');
  const actorUserId = actorIdOf(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    let ids: string[];
    if (input.ids) {
      ids = [...new Set(input.ids)];
      const found = await contactsOf(trx, ctx.organizationId, ownerOnly).select('id').where('id', 'in', ids).execute();
      const missing = ids.length - found.length;
      if (missing > 0) throw new DomainError('NOT_FOUND', missing === 1 && ids.length === 1 ? 'Contact not found' : `${missing} of the ${ids.length} selected contacts were not found`);
    } else {
      const rows = await contactsOf(trx, ctx.organizationId, ownerOnly)
        .select('id')
        .where(and(filterConditions(input.filter as FilterValues, settings.timezone)))
        .orderBy('created_at')
        .orderBy('id')
        .limit(CONTACT_LIMITS.bulkMatching + 1)
        .execute();
      if (rows.length > CONTACT_LIMITS.bulkMatching) {
        const message = `matches more than ${CONTACT_LIMITS.bulkMatching.toLocaleString('en')} contacts; narrow it down to change at most that many at once`;
        throw new DomainError('VALIDATION', `filter: ${message}`, { issues: [{ path: 'filter', message }] });
      }
      ids = rows.map((r) => r.id);
    }
    let changed = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await loadContacts(trx, ctx.organizationId, ownerOnly, ids.slice(i, i + 500), { lock: true });
      changed += await applyBulk(trx, ctx, rows, action, actorUserId);
    }
    if (changed > 0 && action.type !== 'delete') {
      await publishEvent(trx, { organizationId: ctx.organizationId, type: 'contact_updated', payload: { contactIds: ids.slice(0, 1000), count: ids.length }, actorUserId });
    }
    return { matched: ids.length, changed };
  });
}

async function applyBulk(trx: Db, ctx: ContactsCtx, rows: ContactRow[], action: ReturnType<typeof ZBulkContactsInput.parse>['action'], actorUserId: string | null): Promise<number> {
  const org = scoped(trx, ctx.organizationId);
  const base = (row: ContactRow) => ({ organizationId: ctx.organizationId, contactId: row.id, actorUserId });
  const now = new Date();
  switch (action.type) {
    case 'addTag': {
      const targets = rows.filter((r) => !r.tags.includes(action.tag));
      if (targets.length === 0) return 0;
      await org
        .updateTable('contacts')
        .set({ tags: sql`array_append(contacts.tags, ${action.tag})`, updated_at: now })
        .where(
          'id',
          'in',
          targets.map((r) => r.id),
        )
        .execute();
      await recordActivities(
        trx,
        targets.map((r) => ({ ...base(r), type: 'tags_changed', payload: { added: [action.tag], removed: [], bulk: true } })),
      );
      return targets.length;
    }
    case 'removeTag': {
      const targets = rows.filter((r) => r.tags.includes(action.tag));
      if (targets.length === 0) return 0;
      await org
        .updateTable('contacts')
        .set({ tags: sql`array_remove(contacts.tags, ${action.tag})`, updated_at: now })
        .where(
          'id',
          'in',
          targets.map((r) => r.id),
        )
        .execute();
      await recordActivities(
        trx,
        targets.map((r) => ({ ...base(r), type: 'tags_changed', payload: { added: [], removed: [action.tag], bulk: true } })),
      );
      return targets.length;
    }
    case 'assignOwner': {
      const targets = rows.filter((r) => r.owner_id !== action.ownerId);
      if (targets.length === 0) return 0;
      await org
        .updateTable('contacts')
        .set({ owner_id: action.ownerId, updated_at: now })
        .where(
          'id',
          'in',
          targets.map((r) => r.id),
        )
        .execute();
      await recordActivities(
        trx,
        targets.map((r) => ({ ...base(r), type: 'owner_changed', payload: { from: r.owner_id, to: action.ownerId, bulk: true } })),
      );
      return targets.length;
    }
    case 'changeStage': {
      const targets = rows.filter((r) => r.lifecycle_stage !== action.lifecycleStage);
      if (targets.length === 0) return 0;
      await org
        .updateTable('contacts')
        .set({ lifecycle_stage: action.lifecycleStage, updated_at: now })
        .where(
          'id',
          'in',
          targets.map((r) => r.id),
        )
        .execute();
      await recordActivities(
        trx,
        targets.map((r) => ({ ...base(r), type: 'stage_changed', payload: { from: r.lifecycle_stage, to: action.lifecycleStage, bulk: true } })),
      );
      return targets.length;
    }
    case 'delete':
      await deleteRows(trx, ctx, rows);
      return rows.length;
  }
}

// ——— Timeline ———

export async function contactTimeline(ctx: ContactsCtx, rawInput: unknown) {
  const input = parseInput(ZContactTimelineInput, rawInput);
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await loadContact(ctx.db, ctx.organizationId, ownerOnly, input.id);
  return listActivities({ db: ctx.db, organizationId: ctx.organizationId }, { contactId: input.id }, { before: input.before, limit: input.limit });
}

export async function addNote(ctx: ContactsCtx, rawInput: unknown) {
  const input = parseInput(ZAddNoteInput, rawInput);
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  return ctx.db.transaction().execute(async (trx) => {
    await loadContact(trx, ctx.organizationId, ownerOnly, input.contactId);
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('activities', { contact_id: input.contactId, deal_id: null, type: 'note', actor_user_id: actorIdOf(ctx), payload: JSON.stringify({ body: input.body }) })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), type: 'note', payload: { body: input.body }, contactId: input.contactId, dealId: null, actor: ctx.auth.user?.name ?? null, createdAt: row.created_at.toISOString() };
  });
}

// ——— Duplicates and merge ———

type DuplicateReason = { type: 'email' | 'phone' | 'name'; value: string };

/**
 * Groups of contacts that look like the same person: sharing an e-mail (primary or other), a
 * phone (primary or other), or the same first and last name at the same company (case and spacing ignored).
 */
export async function findDuplicates(ctx: ContactsCtx, rawInput: unknown) {
  const input = parseInput(ZFindDuplicatesInput, rawInput ?? {});
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const contacts = () => contactsOf(ctx.db, ctx.organizationId, ownerOnly);
  const grouped = async (type: DuplicateReason['type'], values: ReturnType<typeof contacts>) => {
    const sub = values.as('d');
    const rows = await ctx.db
      .selectFrom(sub as never)
      .select([sql<string>`d.v`.as('v'), sql<string[]>`array_agg(distinct d.id::text)`.as('ids')])
      .where(sql<boolean>`d.v is not null and d.v <> ''`)
      .groupBy(sql`d.v`)
      .having(sql<boolean>`count(distinct d.id) > 1`)
      .orderBy(sql`d.v`)
      .limit(input.limit)
      .execute();
    return rows.map((r) => ({ type, value: r.v, ids: [...r.ids].sort() }));
  };
  const emails = contacts().select(['contacts.id', sql<string>`lower(unnest(array_prepend(contacts.email, contacts.other_emails)))`.as('v')]);
  const phones = contacts().select(['contacts.id', sql<string>`unnest(array_prepend(contacts.phone, contacts.other_phones))`.as('v')]);
  const names = contacts()
    .select([
      'contacts.id',
      sql<string>`regexp_replace(lower(trim(contacts.first_name) || ' ' || trim(contacts.last_name)), '\\s+', ' ', 'g') || ' @ ' || regexp_replace(lower(trim(coalesce(contacts.company_name, ''))), '\\s+', ' ', 'g')`.as(
        'v',
      ),
    ])
    .where(sql<boolean>`(trim(contacts.first_name) <> '' or trim(contacts.last_name) <> '')`);
  const found = [...(await grouped('email', emails as never)), ...(await grouped('phone', phones as never)), ...(await grouped('name', names as never))];
  // The same contacts found by several reasons are one group.
  const groups = new Map<string, { ids: string[]; reasons: DuplicateReason[] }>();
  for (const g of found) {
    const key = g.ids.join(',');
    const group = groups.get(key) ?? { ids: g.ids, reasons: [] };
    group.reasons.push({ type: g.type, value: g.value });
    groups.set(key, group);
  }
  const all = [...groups.values()].slice(0, input.limit);
  const rows = await loadWithOwner(
    ctx.db,
    ctx.organizationId,
    all.flatMap((g) => g.ids),
  );
  const byId = new Map(rows.map((r) => [r.id, toContact(r)]));
  return {
    groups: all.map((g) => ({
      reasons: g.reasons,
      // Oldest first: the usual one to keep.
      contacts: g.ids
        .map((id) => byId.get(id)!)
        .filter(Boolean)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    })),
  };
}

/**
 * Other contacts that already hold this e-mail or phone (primary or other; e-mails in any case,
 * numbers read in the organization's country), for the warning of the contact form.
 */
export async function contactMatches(ctx: ContactsCtx, rawInput: unknown) {
  const input = parseInput(ZContactMatchesInput, rawInput ?? {});
  const email = input.email?.trim().toLowerCase() ?? '';
  const emailOk = ZEmailOnly.safeParse({ email }).success;
  const { country } = await organizationSettings(ctx.db, ctx.organizationId);
  const phone = input.phone?.trim() ? normalizePhone(input.phone, country) : null;
  const e164 = phone?.ok ? phone.e164 : null;
  if (!emailOk && !e164) return { matches: [] };
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const hasEmail = sql<boolean>`(lower(contacts.email) = ${email} or ${email} = any(select lower(e) from unnest(contacts.other_emails) as e))`;
  const hasPhone = sql<boolean>`(contacts.phone = ${e164} or ${e164} = any(contacts.other_phones))`;
  let query = contactsOf(ctx.db, ctx.organizationId, ownerOnly)
    .select([
      'contacts.id',
      'contacts.first_name',
      'contacts.last_name',
      'contacts.email',
      'contacts.phone',
      emailOk ? hasEmail.as('same_email') : sql<boolean>`false`.as('same_email'),
      e164 ? hasPhone.as('same_phone') : sql<boolean>`false`.as('same_phone'),
    ])
    .where((eb) => eb.or([...(emailOk ? [hasEmail] : []), ...(e164 ? [hasPhone] : [])]));
  if (input.excludeId) query = query.where('contacts.id', '!=', input.excludeId);
  const rows = await query.orderBy('contacts.created_at').orderBy('contacts.id').limit(5).execute();
  return {
    matches: rows.map((r) => ({
      id: r.id,
      name: displayName(r),
      fields: [...(r.same_email ? (['email'] as const) : []), ...(r.same_phone ? (['phone'] as const) : [])],
    })),
  };
}

async function loadWithOwner(db: Db, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return contactsOf(db, organizationId, null)
    .leftJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .selectAll('contacts')
    .select(['owner.name as owner_name', 'owner.email as owner_email'])
    .where('contacts.id', 'in', [...new Set(ids)])
    .execute();
}

const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '';

/** The merged state: chosen values, everything else filled from either, lists united. */
function mergeStates(keep: ContactState, other: ContactState, keepRow: ContactRow, otherRow: ContactRow, choices: Record<string, 'keep' | 'merge'>) {
  const s: ContactState = { ...keep, customFields: { ...keep.customFields } };
  const taken: string[] = [];
  for (const field of MERGE_FIELDS as readonly TMergeField[]) {
    const choice = choices[field] ?? (isEmptyValue(keep[field]) && !isEmptyValue(other[field]) ? 'merge' : 'keep');
    if (choice === 'merge' && !same(keep[field], other[field])) {
      (s as Record<string, unknown>)[field] = other[field];
      taken.push(field);
    }
  }
  for (const [key, value] of Object.entries(other.customFields)) {
    const choice = choices[`customFields.${key}`] ?? (isEmptyValue(keep.customFields[key]) ? 'merge' : 'keep');
    if (choice === 'merge' && keep.customFields[key] !== value) {
      s.customFields[key] = value;
      taken.push(`customFields.${key}`);
    }
  }
  s.tags = uniqueTags([...keep.tags, ...other.tags]);
  // Every address and number either had stays on the contact.
  s.otherEmails = [keep.email, ...keep.otherEmails, other.email, ...other.otherEmails].filter((e): e is string => Boolean(e));
  s.otherPhones = [keep.phone, ...keep.otherPhones, other.phone, ...other.otherPhones].filter((p): p is string => Boolean(p));
  // Do-not-contact is kept if either asked for it.
  s.dncSms = keep.dncSms || other.dncSms;
  s.dncEmail = keep.dncEmail || other.dncEmail;
  s.dncCalls = keep.dncCalls || other.dncCalls;
  // The earlier first touch and the later latest touch.
  const at = (a: Attribution | null) => (a ? Date.parse(a.at) : NaN);
  if (other.firstAttribution && (!keep.firstAttribution || at(other.firstAttribution) < at(keep.firstAttribution))) s.firstAttribution = other.firstAttribution;
  if (other.latestAttribution && (!keep.latestAttribution || at(other.latestAttribution) > at(keep.latestAttribution))) s.latestAttribution = other.latestAttribution;
  const createdAt = otherRow.created_at < keepRow.created_at ? otherRow.created_at : keepRow.created_at;
  return { state: tidy(s), taken, createdAt };
}

/**
 * Merges one contact into another in one transaction: the kept contact takes the chosen values
 * and both contacts' tags, e-mails and phones; the merged one's timeline, deals, tasks and
 * appointments move to it; a 'merged' entry records what happened; the merged contact is deleted.
 */
export async function mergeContacts(ctx: ContactsCtx, rawInput: unknown) {
  const input = parseInput(ZMergeContactsInput, rawInput);
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await loadContacts(trx, ctx.organizationId, ownerOnly, [input.keepId, input.mergeId], { lock: true });
    const keepRow = rows.find((r) => r.id === input.keepId);
    const mergeRow = rows.find((r) => r.id === input.mergeId);
    if (!keepRow || !mergeRow) throw new DomainError('NOT_FOUND', 'Contact not found');
    const before = stateOf(keepRow);
    const merged = stateOf(mergeRow);
    const { state, taken, createdAt } = mergeStates(before, merged, keepRow, mergeRow, input.fields);
    const org = scoped(trx, ctx.organizationId);
    const changed = changedFields(before, state);
    await org
      .updateTable('contacts')
      .set({ ...columnsOf(changed), created_at: createdAt, updated_at: new Date() })
      .where('id', '=', keepRow.id)
      .execute();
    await org.updateTable('activities').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    await org.updateTable('deals').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    await org.updateTable('tasks').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    await org.updateTable('appointments').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    // Its text messages and website chats join the kept contact's conversations.
    await org.updateTable('sms_messages').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    await org.updateTable('chat_conversations').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    const changes = changeActivities(ctx.organizationId, keepRow.id, before, state, null).map((a) => ({ type: a.type, ...a.payload }));
    await recordActivity(trx, {
      organizationId: ctx.organizationId,
      contactId: keepRow.id,
      type: 'merged',
      actorUserId: actorIdOf(ctx),
      payload: { mergedId: mergeRow.id, mergedName: displayName(mergeRow), taken, changes },
    });
    await org.deleteFrom('contacts').where('id', '=', mergeRow.id).execute();
  });
  return readContact(ctx.db, ctx.organizationId, null, input.keepId);
}

// ——— For other domains: lead capture and SMS ———

export type UpsertContactData = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  companyName?: string | null;
  jobTitle?: string | null;
  source?: string | null;
  tags?: string[];
  customFields?: Record<string, CustomValue>;
};

export type CaptureOptions = { actorUserId?: string | null; via?: string };

/** Serializes concurrent captures of the same e-mail or phone within a transaction. */
async function lockKey(trx: Db, organizationId: string, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${organizationId}:${key}`}))`.execute(trx);
}

/**
 * Lead capture: finds the contact with this e-mail (primary or other) or creates it. A new
 * contact gets the data and the attribution as both first and latest; an existing one only gets
 * the new tags added and its latest attribution (and first, if it had none) — its other fields stay.
 * Call it inside the caller's transaction; timeline entries are written there.
 */
export async function upsertContactByEmail(trx: Db, organizationId: string, data: UpsertContactData, attribution?: TAttributionInput | null, options: CaptureOptions = {}) {
  const email = parseInput(ZEmailOnly, { email: data.email }).email;
  await lockKey(trx, organizationId, `email:${email}`);
  const actorUserId = options.actorUserId ?? null;
  const env = await writeEnv(trx, organizationId);
  const existing = await scoped(trx, organizationId)
    .selectFrom('contacts')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(contacts.email)`, '=', email), eb(sql`${email}`, '=', sql`any(contacts.other_emails)`)]))
    .orderBy('created_at')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    const before = stateOf(existing);
    const { state, issues } = applyInput(before, { tags: uniqueTags([...before.tags, ...(data.tags ?? [])]), attribution: attribution ?? undefined }, env);
    if (issues.length > 0) throw issuesError(issues);
    await saveChanges(trx, organizationId, existing.id, before, state, actorUserId, { via: options.via ?? 'lead_capture' });
    return { contact: toContact(await loadContact(trx, organizationId, null, existing.id)), created: false };
  }
  const { state, issues } = applyInput(
    EMPTY_CONTACT,
    {
      email,
      firstName: data.firstName?.trim() ?? undefined,
      lastName: data.lastName?.trim() ?? undefined,
      phone: data.phone?.trim() || undefined,
      companyName: data.companyName?.trim() || null,
      jobTitle: data.jobTitle?.trim() || null,
      source: data.source?.trim() || attribution?.source?.trim() || null,
      tags: data.tags,
      customFields: data.customFields,
      attribution: attribution ?? undefined,
    },
    env,
  );
  if (issues.length > 0) throw issuesError(issues);
  const [id] = await insertContacts(trx, organizationId, [{ state }], actorUserId, () => ({ via: options.via ?? 'lead_capture' }));
  await announceContact(trx, organizationId, id!, displayNameOf(state), actorUserId);
  return { contact: toContact(await loadContact(trx, organizationId, null, id!)), created: true };
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * SMS: the contact with this E.164 number (primary or other), or a new one with just the number
 * (source 'sms'). Call it inside the caller's transaction; the creation is on the timeline.
 */
export async function findOrCreateContactByPhone(trx: Db, organizationId: string, e164: string, options: CaptureOptions = {}) {
  const { ids, created } = await findOrCreateContactIdsByPhone(trx, organizationId, [e164], options);
  return { contact: toContact(await loadContact(trx, organizationId, null, ids.get(e164)!)), created: created.has(e164) };
}

/**
 * Every contact holding this E.164 number (primary or other), oldest first: more than one means
 * a send to the bare number must say whose it is (server/sms).
 */
export async function contactsWithPhone(db: Db, organizationId: string, e164: string): Promise<{ id: string; name: string }[]> {
  const rows = await scoped(db, organizationId)
    .selectFrom('contacts')
    .select(['contacts.id', 'contacts.first_name', 'contacts.last_name', 'contacts.email', 'contacts.phone'])
    .where(sql<boolean>`(contacts.phone = ${e164} or ${e164} = any(contacts.other_phones))`)
    .orderBy('contacts.created_at')
    .orderBy('contacts.id')
    .limit(20)
    .execute();
  return rows.map((r) => ({ id: r.id, name: displayName(r) }));
}

/**
 * findOrCreateContactByPhone for many numbers at once (a batch of SMS sends): one lock statement,
 * one lookup, one insert and one announcement statement set for the lot; each new contact is
 * announced as a single one would be.
 * Resolves to each number's contact id and the numbers whose contact was created.
 */
export async function findOrCreateContactIdsByPhone(trx: Db, organizationId: string, numbers: string[], options: CaptureOptions = {}) {
  const invalid = numbers.find((n) => !E164.test(n));
  if (invalid !== undefined)
    throw new DomainError('VALIDATION', 'phone: must be an E.164 number such as +15551234567', { issues: [{ path: 'phone', message: 'must be an E.164 number such as +15551234567' }] });
  const distinct = [...new Set(numbers)].sort();
  const ids = new Map<string, string>();
  const created = new Set<string>();
  if (distinct.length === 0) return { ids, created };
  // The same keys as lockKey, taken in one sorted order so two batches never deadlock.
  const keys = distinct.map((n) => `${organizationId}:phone:${n}`);
  await sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${keys}::text[]) as k order by k`.execute(trx);
  const existing = await scoped(trx, organizationId)
    .selectFrom('contacts')
    .select(['contacts.id', 'contacts.phone', 'contacts.other_phones'])
    .where(sql<boolean>`(contacts.phone = any(${distinct}::text[]) or contacts.other_phones && ${distinct}::text[])`)
    .orderBy('contacts.created_at')
    .orderBy('contacts.id')
    .execute();
  // The oldest contact holding a number wins, as in the single lookup.
  const wanted = new Set(distinct);
  for (const row of existing) for (const phone of [row.phone, ...row.other_phones]) if (phone && !ids.has(phone) && wanted.has(phone)) ids.set(phone, row.id);
  const missing = distinct.filter((n) => !ids.has(n));
  const actorUserId = options.actorUserId ?? null;
  const states = missing.map((phone): ContactState => ({ ...EMPTY_CONTACT, phone, source: 'sms' }));
  const newIds = await insertContacts(
    trx,
    organizationId,
    states.map((state) => ({ state })),
    actorUserId,
    () => ({ via: options.via ?? 'sms' }),
  );
  for (const [index, phone] of missing.entries()) {
    ids.set(phone, newIds[index]!);
    created.add(phone);
  }
  await publishEvents(
    trx,
    missing.map((_, index) => contactCreatedEvent(organizationId, newIds[index]!, displayNameOf(states[index]!), actorUserId)),
  );
  return { ids, created };
}
