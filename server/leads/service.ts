import { sql } from 'kysely';
import { recordActivity } from '../activities/service';
import { upsertContactByEmail } from '../contacts/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import type { z } from 'zod';
import { DomainError } from '../errors';
import { publishEvent } from '../events/publish';
import { assertSlots, type RateLimit } from '../rate-limit';
import type { RequestMeta } from '../http/meta';
import type { OrgContext } from '../kernel/context';
import { siteOwnerOrganization } from '../organizations/site-owner';
import { kitConfigured } from './kit';
import { KIT_FORWARD_JOB } from './jobs';
import { LEAD_DUPLICATE_SECONDS, LEAD_HONEYPOT_FIELD, LEAD_RATE_LIMIT, type TSubmitLead, type ZIntegrationLogInput, type ZListFormsInput, type ZListSubmissionsInput } from './schema';

/** What a public submission was answered with; the doors answer 200 {success:true} for every one. */
export type SubmitOutcome = { status: 'captured'; submissionId: string; contactId: string; contactCreated: boolean } | { status: 'duplicate'; submissionId: string } | { status: 'dropped' };

/** New contacts from the site's forms carry this source. */
export const LEAD_SOURCE = 'web form';

/** Submissions from one client address: LEAD_RATE_LIMIT's numbers, counted by the rate-limit kernel (shared by every process, race-free). */
const LEADS_PER_ADDRESS: RateLimit = { bucket: 'leads.ip', ...LEAD_RATE_LIMIT };

/** Counts this address's submission and refuses it past LEAD_RATE_LIMIT within the window. */
async function assertWithinRateLimit(db: Db, ip: string): Promise<void> {
  await assertSlots(db, [{ limit: LEADS_PER_ADDRESS, key: ip }], () => 'Too many submissions from this address. Please try again in a minute.');
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== '' && !(typeof value === 'string' && value.trim() === '');

/** "Ada Lovelace" → Ada / Lovelace; the short shape's firstName wins when both are sent. */
function namesOf(input: TSubmitLead): { firstName?: string; lastName?: string } {
  if (input.firstName) return { firstName: input.firstName };
  if (!input.name) return {};
  const [first, ...rest] = input.name.split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || undefined };
}

/** The submission's marketing touch: UTM parameters first, the referrer's host as the source otherwise. */
function attributionOf(input: TSubmitLead) {
  let referrerHost: string | undefined;
  if (input.referrer) {
    try {
      referrerHost = new URL(input.referrer).hostname || undefined;
    } catch {
      referrerHost = undefined;
    }
  }
  return {
    source: input.utmSource ?? referrerHost,
    medium: input.utmMedium ?? (referrerHost ? 'referral' : undefined),
    campaign: input.utmCampaign,
    referrer: input.referrer,
    landingPage: input.page,
  };
}

/** What the timeline and the Kit forwarding show of a submission, by label. */
function fieldsOf(input: TSubmitLead): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (label: string, value: string | undefined) => {
    if (value) fields[label] = value;
  };
  add('Name', input.name ?? input.firstName);
  add('Company', input.company);
  add('Industry', input.industry);
  add('Phone', input.phone);
  add('Lead magnet', input.leadMagnet);
  add('Tags', input.tags.join(', '));
  add('Page', input.page);
  return fields;
}

/** A captured lead's record, as every form that captures one writes it (the public site's forms, the sites' form blocks). */
export type LeadCapture = {
  contact: { id: string; name: string };
  created: boolean;
  tagsAdded: string[];
  formId: string;
  /** '' when the form took a phone number only. */
  email: string;
  leadMagnet?: string | null;
  page: string | null;
  referrer: string | null;
  tags: string[];
  /** The submission as received (without the honeypot). */
  payload: Record<string, unknown>;
  /** What the timeline shows, by label. */
  fields: Record<string, string>;
  /** What people call the form where its id says nothing to them (a site form: its page), shown by the Forms view and the timeline. */
  formName?: string;
};

/**
 * Writes a captured lead in the caller's transaction: the form_submissions row (the Forms view
 * lists it), the contact's timeline entry, and the lead_captured event (automations' Form
 * Submitted trigger, and tag triggers for tagsAdded).
 */
export async function recordLeadCapture(trx: Db, organizationId: string, capture: LeadCapture): Promise<{ id: string }> {
  const submission = await scoped(trx, organizationId)
    .insertInto('form_submissions', {
      contact_id: capture.contact.id,
      form_id: capture.formId,
      email: capture.email,
      lead_magnet: capture.leadMagnet ?? null,
      page: capture.page,
      referrer: capture.referrer,
      tags: capture.tags,
      payload: JSON.stringify(capture.formName ? { ...capture.payload, formName: capture.formName } : capture.payload),
      contact_created: capture.created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordActivity(trx, {
    organizationId,
    contactId: capture.contact.id,
    type: 'form_submission',
    actorUserId: null,
    payload: { form: capture.formId, ...(capture.formName ? { formName: capture.formName } : {}), submissionId: submission.id, fields: capture.fields },
  });
  await publishEvent(trx, {
    organizationId,
    type: 'lead_captured',
    actorUserId: null,
    // tagsAdded: the tags the contact did not have before, which fire automations' tag triggers.
    payload: {
      contactId: capture.contact.id,
      name: capture.contact.name,
      formId: capture.formId,
      submissionId: submission.id,
      created: capture.created,
      tags: capture.tags,
      tagsAdded: capture.tagsAdded,
    },
  });
  return submission;
}

/**
 * A lead from the public site (spec public-site §7): lands in the site owner organization as a
 * contact (created as a lead with source 'web form', or given the new tags and latest attribution),
 * a form_submissions row with the full payload, a timeline entry, the lead_captured event (and
 * 'New Contact' when the contact is new) and — with Kit configured — a forwarding job, all in one
 * transaction. Bots (honeypot) are dropped silently; the same e-mail on the same form within a
 * minute is counted once.
 */
export async function submitLead(deps: Pick<AppDeps, 'database' | 'config' | 'jobs'>, submission: TSubmitLead, meta: RequestMeta): Promise<SubmitOutcome> {
  const { db } = deps.database;
  await assertWithinRateLimit(db, meta.ip);
  const { [LEAD_HONEYPOT_FIELD]: honeypot, ...input } = submission;
  if (filled(honeypot)) return { status: 'dropped' };
  const organization = await siteOwnerOrganization(db, deps.config);
  const organizationId = organization.id;
  // The site's door acts for the site owner, and says so to the database (decision 024).
  const ownerDb = deps.database.forOrganization(organizationId);

  return ownerDb.transaction().execute(async (trx) => {
    // One submission of an address to a form at a time, so the duplicate check below is exact.
    await sql`select pg_advisory_xact_lock(hashtext(${`${organizationId}:lead:${input.formId}:${input.email}`}))`.execute(trx);
    const duplicate = await scoped(trx, organizationId)
      .selectFrom('form_submissions')
      .select('id')
      .where('email', '=', input.email)
      .where('form_id', '=', input.formId)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${LEAD_DUPLICATE_SECONDS})`)
      .executeTakeFirst();
    if (duplicate) return { status: 'duplicate', submissionId: duplicate.id } as const;

    const { contact, created, tagsAdded } = await upsertContactByEmail(
      trx,
      organizationId,
      { email: input.email, ...namesOf(input), phone: input.phone, companyName: input.company, source: LEAD_SOURCE, tags: input.tags },
      attributionOf(input),
      { via: 'lead_capture' },
    );
    const submission = await recordLeadCapture(trx, organizationId, {
      contact,
      created,
      tagsAdded,
      formId: input.formId,
      email: input.email,
      leadMagnet: input.leadMagnet ?? null,
      page: input.page ?? null,
      referrer: input.referrer ?? null,
      tags: input.tags,
      payload: input,
      fields: fieldsOf(input),
    });
    if (kitConfigured(deps.config)) {
      const delivery = await scoped(trx, organizationId).insertInto('integration_deliveries', { submission_id: submission.id, provider: 'kit' }).returning('id').executeTakeFirstOrThrow();
      await deps.jobs.send(KIT_FORWARD_JOB, { organizationId, deliveryId: delivery.id }, { db: trx });
    }
    return { status: 'captured', submissionId: submission.id, contactId: contact.id, contactCreated: created } as const;
  });
}

// ——— In the app: forms, their submissions, the integrations log ———

/** Whether a submission's contact converted: it is a customer now, or has a won deal. */
const convertedSql = sql<boolean>`coalesce(contacts.lifecycle_stage = 'customer' or exists (select 1 from deals where deals.organization_id = form_submissions.organization_id and deals.contact_id = contacts.id and deals.status = 'won'), false)`;

/**
 * Every form that received submissions in the period: submissions, distinct contacts, contacts it
 * created, converted contacts and the conversion rate; and per week, submissions and conversions.
 */
export async function listForms(ctx: Pick<OrgContext, 'db' | 'organizationId'>, { days }: z.output<typeof ZListFormsInput>) {
  const since = sql<Date>`now() - make_interval(days => ${days})`;
  const base = () =>
    scoped(ctx.db, ctx.organizationId).selectFrom('form_submissions').leftJoin('contacts', 'contacts.id', 'form_submissions.contact_id').where('form_submissions.created_at', '>', since);
  const [forms, weeks] = await Promise.all([
    base()
      .select((eb) => [
        'form_submissions.form_id',
        sql<string | null>`max(form_submissions.payload->>'formName')`.as('name'),
        eb.fn.countAll<number>().as('submissions'),
        sql<number>`count(distinct form_submissions.contact_id)`.as('contacts'),
        sql<number>`count(*) filter (where form_submissions.contact_created)`.as('new_contacts'),
        sql<number>`count(distinct form_submissions.contact_id) filter (where ${convertedSql})`.as('converted'),
        eb.fn.max('form_submissions.created_at').as('last_at'),
      ])
      .groupBy('form_submissions.form_id')
      .orderBy('submissions', 'desc')
      .orderBy('form_submissions.form_id')
      .execute(),
    base()
      .select([
        'form_submissions.form_id',
        sql<string>`to_char(date_trunc('week', form_submissions.created_at at time zone 'UTC'), 'YYYY-MM-DD')`.as('week'),
        sql<number>`count(*)`.as('submissions'),
        sql<number>`count(*) filter (where ${convertedSql})`.as('converted'),
      ])
      .groupBy(['form_submissions.form_id', 'week'])
      .orderBy('week')
      .execute(),
  ]);
  return {
    days,
    forms: forms.map((f) => {
      const contacts = Number(f.contacts);
      const converted = Number(f.converted);
      return {
        formId: f.form_id,
        /** The form's name when its submissions carry one (site forms), else null: the id is its name. */
        name: f.name,
        submissions: Number(f.submissions),
        contacts,
        newContacts: Number(f.new_contacts),
        converted,
        /** Converted contacts ÷ contacts, 0–1. */
        conversionRate: contacts > 0 ? converted / contacts : 0,
        lastSubmittedAt: f.last_at ? new Date(f.last_at).toISOString() : null,
      };
    }),
    weeks: weeks.map((w) => ({ formId: w.form_id, week: w.week, submissions: Number(w.submissions), converted: Number(w.converted) })),
  };
}

/** One form's submissions, newest first, each with its contact (when it still exists) and its Kit delivery. */
export async function listSubmissions(ctx: Pick<OrgContext, 'db' | 'organizationId'>, input: z.output<typeof ZListSubmissionsInput>) {
  const org = scoped(ctx.db, ctx.organizationId);
  const [rows, count] = await Promise.all([
    org
      .selectFrom('form_submissions')
      .leftJoin('contacts', 'contacts.id', 'form_submissions.contact_id')
      .leftJoin('integration_deliveries', 'integration_deliveries.submission_id', 'form_submissions.id')
      .select([
        'form_submissions.id',
        'form_submissions.email',
        'form_submissions.lead_magnet',
        'form_submissions.page',
        'form_submissions.tags',
        'form_submissions.contact_created',
        'form_submissions.created_at',
        'contacts.id as contact_id',
        'contacts.first_name',
        'contacts.last_name',
        'integration_deliveries.status as delivery_status',
      ])
      .where('form_submissions.form_id', '=', input.formId)
      .orderBy('form_submissions.created_at', 'desc')
      .orderBy('form_submissions.id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    org
      .selectFrom('form_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('form_id', '=', input.formId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    formId: input.formId,
    total: Number(count.n),
    page: input.page,
    limit: input.limit,
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      leadMagnet: r.lead_magnet,
      page: r.page,
      tags: r.tags,
      contactCreated: r.contact_created,
      createdAt: r.created_at.toISOString(),
      contact: r.contact_id ? { id: r.contact_id, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.email } : null,
      kitStatus: r.delivery_status,
    })),
  };
}

/**
 * The integrations log: whether Kit is configured, which organization receives the site's leads
 * (named only to its own members), and this organization's recent deliveries.
 */
export async function integrationLog(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'deps'>, { limit }: z.output<typeof ZIntegrationLogInput>) {
  let siteOwner: { isThisOrganization: boolean; name: string | null; configured: boolean } | null;
  try {
    const owner = await siteOwnerOrganization(ctx.db, ctx.deps.config);
    const mine = owner.id === ctx.organizationId;
    siteOwner = { isThisOrganization: mine, name: mine ? owner.name : null, configured: owner.configured };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    siteOwner = null;
  }
  const deliveries = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('integration_deliveries')
    .innerJoin('form_submissions', 'form_submissions.id', 'integration_deliveries.submission_id')
    .select([
      'integration_deliveries.id',
      'integration_deliveries.provider',
      'integration_deliveries.status',
      'integration_deliveries.attempts',
      'integration_deliveries.last_error',
      'integration_deliveries.last_attempt_at',
      'integration_deliveries.delivered_at',
      'integration_deliveries.created_at',
      'form_submissions.email',
      'form_submissions.form_id',
      'form_submissions.contact_id',
    ])
    .orderBy('integration_deliveries.created_at', 'desc')
    .orderBy('integration_deliveries.id', 'desc')
    .limit(limit)
    .execute();
  return {
    kit: { configured: kitConfigured(ctx.deps.config), baseUrl: ctx.deps.config.kitApiBaseUrl },
    siteOwner,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      provider: d.provider,
      status: d.status,
      attempts: d.attempts,
      lastError: d.last_error,
      lastAttemptAt: d.last_attempt_at?.toISOString() ?? null,
      deliveredAt: d.delivered_at?.toISOString() ?? null,
      createdAt: d.created_at.toISOString(),
      email: d.email,
      formId: d.form_id,
      contactId: d.contact_id,
    })),
  };
}
