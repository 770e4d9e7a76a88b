import { z } from 'zod';
import { DATE_RANGE_RULE, isoDateTime, isWithinDateRange } from '../input/schema';
import { ZEmail } from '../auth/schema';
import { ZAnswerInstant, ZBatchInputs, ZBatchItemError, ZCursor, ZDeletedRecord, ZUpdatedAfter } from '../records/schema';

/** Shared by the server's doors and the client's forms: each contacts rule written once. */

export const CONTACT_LIMITS = {
  /**
   * A filtered or searched list counts its matches up to this many; beyond it, total says "at least"
   * (a two-letter search in a million contacts would otherwise count tens of thousands of rows per
   * keystroke). Unfiltered and tag-only totals are exact: the database keeps those counts.
   */
  countCap: 500,
  name: 100,
  email: 254,
  phone: 40,
  companyName: 200,
  jobTitle: 120,
  source: 100,
  tag: 50,
  tags: 50,
  otherEmails: 10,
  otherPhones: 10,
  leadScore: 1_000_000,
  attributionText: 200,
  attributionUrl: 2000,
  customText: 1000,
  note: 10_000,
  search: 200,
  pageSize: 100,
  /** Contacts chosen one by one for a bulk change. */
  bulkIds: 1000,
  /** Contacts a bulk change on "all matching the filter" may touch at once. */
  bulkMatching: 10_000,
  viewName: 80,
  viewColumns: 60,
  customFieldLabel: 80,
  customFieldOptions: 100,
  customFieldOption: 100,
} as const;

export const LIFECYCLE_STAGES = ['subscriber', 'lead', 'mql', 'sql', 'customer', 'other'] as const;
export type TLifecycleStage = (typeof LIFECYCLE_STAGES)[number];
export const LIFECYCLE_LABELS: Record<TLifecycleStage, string> = {
  subscriber: 'Subscriber',
  lead: 'Lead',
  mql: 'Marketing qualified lead (MQL)',
  sql: 'Sales qualified lead (SQL)',
  customer: 'Customer',
  other: 'Other',
};
export const ZLifecycleStage = z.enum(LIFECYCLE_STAGES, { error: 'must be one of subscriber, lead, mql, sql, customer, other' });

export const IDENTITY_MESSAGE = 'A contact needs a name, an e-mail or a phone';

const text = (max: number) => z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`);
/** Optional text where '' (an emptied form field) means "none". */
const optionalText = (max: number) =>
  text(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** A contact's e-mail rule where one arrives without a schema of its own (CSV cells); the length first, so a huge cell costs no pattern's time. */
export const isContactEmail = (value: string) => value.length <= CONTACT_LIMITS.email && z.email().safeParse(value).success;

/** An optional e-mail: lower-cased; '' means none. */
export const ZOptionalEmail = z
  .string({ error: 'must be text' })
  .trim()
  .toLowerCase()
  .max(CONTACT_LIMITS.email, `must be at most ${CONTACT_LIMITS.email} characters`)
  .refine((v) => v === '' || z.email().safeParse(v).success, 'must be a valid e-mail address')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** A phone as typed; the server normalizes it to E.164 with the organization's country. */
export const ZPhoneText = text(CONTACT_LIMITS.phone);

export const ZTag = text(CONTACT_LIMITS.tag)
  .min(1, 'must not be empty')
  .transform((v) => v.replace(/\s+/g, ' '));
export const ZTags = z.array(ZTag, { error: 'must be a list of tags' }).max(CONTACT_LIMITS.tags, `must have at most ${CONTACT_LIMITS.tags} tags`).transform(uniqueTags);

/** Tags are exact (case-sensitive) labels; repeats are dropped, the first kept. */
export function uniqueTags(tags: string[]): string[] {
  return [...new Set(tags)];
}

export const ZDoNotContact = z
  .object({
    sms: z.boolean({ error: 'must be true or false' }).optional(),
    email: z.boolean({ error: 'must be true or false' }).optional(),
    calls: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict();

/** Where a contact came from: UTM source/medium/campaign, the referrer and the landing page. */
export const ZAttributionInput = z
  .object({
    source: optionalText(CONTACT_LIMITS.attributionText),
    medium: optionalText(CONTACT_LIMITS.attributionText),
    campaign: optionalText(CONTACT_LIMITS.attributionText),
    referrer: optionalText(CONTACT_LIMITS.attributionUrl),
    landingPage: optionalText(CONTACT_LIMITS.attributionUrl),
  })
  .strict();
export type TAttributionInput = z.input<typeof ZAttributionInput>;

export const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;
const KEY_RULE = 'must start with a letter and use only lower-case letters, digits and _ (at most 40)';

/** Values by custom field key; each is checked against the organization's definition. null clears. */
export const ZCustomFieldValues = z.record(
  z.string().regex(CUSTOM_FIELD_KEY, `keys ${KEY_RULE}`),
  z.union([z.string().max(CONTACT_LIMITS.customText, `must be at most ${CONTACT_LIMITS.customText} characters`), z.number(), z.null()], {
    error: 'must be text, a number or null',
  }),
  { error: (issue) => (issue.code === 'invalid_key' ? `is not a custom field key: keys ${KEY_RULE}` : 'must be an object of custom field values') },
);

const ZMemberId = z.uuid('must be a member id');

const contactFields = {
  firstName: text(CONTACT_LIMITS.name).optional(),
  lastName: text(CONTACT_LIMITS.name).optional(),
  email: ZOptionalEmail,
  otherEmails: z.array(ZEmail, { error: 'must be a list of e-mail addresses' }).max(CONTACT_LIMITS.otherEmails, `must have at most ${CONTACT_LIMITS.otherEmails} addresses`).optional(),
  phone: ZPhoneText.transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  otherPhones: z
    .array(ZPhoneText.min(1, 'must not be empty'), { error: 'must be a list of phone numbers' })
    .max(CONTACT_LIMITS.otherPhones, `must have at most ${CONTACT_LIMITS.otherPhones} numbers`)
    .optional(),
  companyName: optionalText(CONTACT_LIMITS.companyName),
  jobTitle: optionalText(CONTACT_LIMITS.jobTitle),
  lifecycleStage: ZLifecycleStage.optional(),
  source: optionalText(CONTACT_LIMITS.source),
  tags: ZTags.optional(),
  /** A member of the organization; null leaves the contact unassigned. Omitted on create: the creator. */
  ownerId: ZMemberId.nullable().optional(),
  leadScore: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(-CONTACT_LIMITS.leadScore, `must be at least ${-CONTACT_LIMITS.leadScore}`)
    .max(CONTACT_LIMITS.leadScore, `must be at most ${CONTACT_LIMITS.leadScore}`)
    .optional(),
  doNotContact: ZDoNotContact.optional(),
  /** A marketing touch: sets the latest attribution, and the first one if there is none yet. */
  attribution: ZAttributionInput.optional(),
  customFields: ZCustomFieldValues.optional(),
};

const hasIdentity = (v: { firstName?: string; lastName?: string; email?: string | null; phone?: string | null }) => Boolean(v.firstName || v.lastName || v.email || v.phone);

export const ZCreateContactInput = z.object(contactFields).strict().refine(hasIdentity, { message: IDENTITY_MESSAGE });
export type TCreateContactInput = z.input<typeof ZCreateContactInput>;

export const ZUpdateContactInput = z.object({ id: z.uuid('must be a contact id'), ...contactFields }).strict();
export type TUpdateContactInput = z.input<typeof ZUpdateContactInput>;

/** The field a contact upsert finds its contact by: its e-mail, or its phone (compared in E.164). */
export const CONTACT_ID_PROPERTIES = ['email', 'phone'] as const;
export const ZContactIdProperty = z.enum(CONTACT_ID_PROPERTIES, { error: 'must be email or phone' });

/** One record of a contacts upsert: a create's fields (the idProperty field among them stands for the identity). */
export const ZUpsertContactFields = z.object(contactFields).strict();

/** POST /api/v1/contacts/upsert: one contact's fields and the field it is found by (default email). */
export const ZUpsertContactInput = z.object({ idProperty: ZContactIdProperty.default('email'), ...contactFields }).strict();

/** POST /api/v1/contacts/batch/upsert: up to BATCH_MAX records, each ZUpsertContactFields. */
export const ZUpsertContactsInput = z.strictObject({ idProperty: ZContactIdProperty, inputs: ZBatchInputs });

/** An e-mail on its own (lead capture). */
export const ZEmailOnly = z.object({ email: ZEmail });

export const ZContactIdInput = z.object({ id: z.uuid('must be a contact id') });
/** Tags in use, most used first: suggestions for tag inputs and the tag filter. */
export const TAG_SORTS = ['count', 'tag'] as const;
export const ZListContactTagsInput = z
  .object({
    /** Only tags starting with this text (any case). */
    prefix: z.string({ error: 'must be text' }).trim().max(CONTACT_LIMITS.tag, `must be at most ${CONTACT_LIMITS.tag} characters`).optional(),
    limit: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be between 1 and 200').max(200, 'must be between 1 and 200').default(50),
    /** `count`: most used first (a tag's place moves as contacts are tagged); `tag`: by name, a walk over every tag stable while tags come and go. */
    sort: z
      .enum(TAG_SORTS, { error: `must be one of ${TAG_SORTS.join(', ')}` })
      .default('count')
      .meta({
        description:
          '`count`: most used first; `tag`: by name — the order to walk every tag by cursor (a count changes as contacts are tagged, so a count page may repeat or miss a tag whose count changed meanwhile)',
      }),
    cursor: ZCursor.optional(),
  })
  .strict();
export type TListContactTagsInput = z.input<typeof ZListContactTagsInput>;

export const ZGetContactInput = ZContactIdInput;
export const ZDeleteContactInput = ZContactIdInput;

/** 'YYYY-MM-DD' (a day in the organization's time zone) or an ISO date-time with its offset. */
const ZDateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date (YYYY-MM-DD) or an ISO date-time' }).refine(isWithinDateRange, DATE_RANGE_RULE);

export const DO_NOT_CONTACT_FILTERS = ['sms', 'email', 'calls', 'any', 'none'] as const;

/** The filters of the contacts list, saved views, bulk "all matching" and the export. */
export const ZContactFilter = z
  .object({
    /** Name, e-mail, phone or company; every word must match. */
    q: z.string({ error: 'must be text' }).trim().max(CONTACT_LIMITS.search, `must be at most ${CONTACT_LIMITS.search} characters`).optional(),
    tag: ZTag.optional(),
    /** A member's id, or 'none' for unassigned contacts. */
    ownerId: z.union([z.uuid(), z.literal('none')], { error: 'must be a member id or "none"' }).optional(),
    lifecycleStage: ZLifecycleStage.optional(),
    source: text(CONTACT_LIMITS.source).min(1, 'must not be empty').optional(),
    createdFrom: ZDateOrDateTime.optional(),
    createdTo: ZDateOrDateTime.optional(),
    /** Contacts flagged do-not-contact on a channel, on any channel, or on none. */
    doNotContact: z.enum(DO_NOT_CONTACT_FILTERS, { error: 'must be one of sms, email, calls, any, none' }).optional(),
  })
  .strict();
export type TContactFilter = z.input<typeof ZContactFilter>;

export const CONTACT_SORTS = ['name', 'created', 'updated', 'leadScore', 'company'] as const;
export const ZContactSort = z.enum(CONTACT_SORTS, { error: 'must be one of name, created, updated, leadScore, company' });
export type TContactSort = (typeof CONTACT_SORTS)[number];
export const ZDirection = z.enum(['asc', 'desc'], { error: 'must be asc or desc' });
/** Dates and scores list the newest/highest first; names and companies A to Z. */
export const DEFAULT_DIRECTION: Record<TContactSort, 'asc' | 'desc'> = { name: 'asc', company: 'asc', created: 'desc', updated: 'desc', leadScore: 'desc' };

export const CONTACTS_PAGE = { page: 1, limit: 20 } as const;

export const ZListContactsInput = ZContactFilter.extend({
  page: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(CONTACTS_PAGE.page),
  limit: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(CONTACT_LIMITS.pageSize, `must be at most ${CONTACT_LIMITS.pageSize}`)
    .default(CONTACTS_PAGE.limit),
  sort: ZContactSort.default('created'),
  direction: ZDirection.optional(),
  cursor: ZCursor.optional(),
  updatedAfter: ZUpdatedAfter.optional(),
}).strict();
export type TListContactsInput = z.input<typeof ZListContactsInput>;

/** Columns a saved view or an export may show. */
export const CONTACT_COLUMNS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'otherEmails',
  'phone',
  'otherPhones',
  'companyName',
  'jobTitle',
  'lifecycleStage',
  'source',
  'tags',
  'owner',
  'leadScore',
  'doNotContact',
  'firstAttribution',
  'latestAttribution',
  'createdAt',
  'updatedAt',
] as const;
export type TContactColumn = (typeof CONTACT_COLUMNS)[number] | `custom.${string}`;
export const ZContactColumn = z
  .string()
  .refine((c) => (CONTACT_COLUMNS as readonly string[]).includes(c) || /^custom\.[a-z][a-z0-9_]{0,39}$/.test(c), 'must be a contact column or custom.<key>') as z.ZodType<TContactColumn, string>;

export const ZViewSort = z.object({ field: ZContactSort, direction: ZDirection }).strict();

export const ZCreateSavedViewInput = z
  .object({
    name: text(CONTACT_LIMITS.viewName).min(1, 'is required'),
    filters: ZContactFilter.default({}),
    columns: z.array(ZContactColumn).max(CONTACT_LIMITS.viewColumns, `must have at most ${CONTACT_LIMITS.viewColumns} columns`).default([]),
    sort: ZViewSort.nullable().default(null),
  })
  .strict();
export type TCreateSavedViewInput = z.input<typeof ZCreateSavedViewInput>;
export const ZUpdateSavedViewInput = z
  .object({
    id: z.uuid('must be a saved view id'),
    name: text(CONTACT_LIMITS.viewName).min(1, 'is required').optional(),
    filters: ZContactFilter.optional(),
    columns: z.array(ZContactColumn).max(CONTACT_LIMITS.viewColumns, `must have at most ${CONTACT_LIMITS.viewColumns} columns`).optional(),
    sort: ZViewSort.nullable().optional(),
  })
  .strict();
export type TUpdateSavedViewInput = z.input<typeof ZUpdateSavedViewInput>;
export const ZDeleteSavedViewInput = z.object({ id: z.uuid('must be a saved view id') });

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select'] as const;
export const ZCustomFieldType = z.enum(CUSTOM_FIELD_TYPES, { error: 'must be one of text, number, date, select' });
const ZCustomFieldOptions = z
  .array(text(CONTACT_LIMITS.customFieldOption).min(1, 'must not be empty'), { error: 'must be a list of options' })
  .max(CONTACT_LIMITS.customFieldOptions, `must have at most ${CONTACT_LIMITS.customFieldOptions} options`)
  .refine((o) => new Set(o.map((x) => x.toLowerCase())).size === o.length, 'must not repeat an option');

export const ZCreateCustomFieldInput = z
  .object({
    label: text(CONTACT_LIMITS.customFieldLabel).min(1, 'is required'),
    /** Defaults to a slug of the label. */
    key: z.string().trim().regex(CUSTOM_FIELD_KEY, KEY_RULE).optional(),
    type: ZCustomFieldType,
    options: ZCustomFieldOptions.default([]),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'select' && v.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'must list at least one option for a select field' });
    if (v.type !== 'select' && v.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'are only for select fields' });
  });
export type TCreateCustomFieldInput = z.input<typeof ZCreateCustomFieldInput>;
export const ZUpdateCustomFieldInput = z
  .object({
    id: z.uuid('must be a custom field id'),
    label: text(CONTACT_LIMITS.customFieldLabel).min(1, 'is required').optional(),
    options: ZCustomFieldOptions.optional(),
    position: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(10_000, 'must be at most 10000').optional(),
  })
  .strict();
export type TUpdateCustomFieldInput = z.input<typeof ZUpdateCustomFieldInput>;

/** A custom field's definition as answered: `key` is its key in a contact's `customFields`. */
export const ZCustomFieldRecord = z.strictObject({
  id: z.uuid(),
  key: z.string(),
  label: z.string(),
  type: ZCustomFieldType,
  options: z.array(z.string()),
  position: z.number().int(),
  createdAt: ZAnswerInstant,
});
export const ZCustomFieldIdInput = z.strictObject({ id: z.uuid('must be a custom field id') });
export const ZDeleteCustomFieldInput = ZCustomFieldIdInput;

export const BULK_ACTIONS = ['addTag', 'removeTag', 'assignOwner', 'changeStage', 'delete'] as const;
export const ZBulkAction = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('addTag'), tag: ZTag }).strict(),
    z.object({ type: z.literal('removeTag'), tag: ZTag }).strict(),
    z.object({ type: z.literal('assignOwner'), ownerId: ZMemberId.nullable() }).strict(),
    z.object({ type: z.literal('changeStage'), lifecycleStage: ZLifecycleStage }).strict(),
    z.object({ type: z.literal('delete') }).strict(),
  ],
  { error: 'must be one of addTag, removeTag, assignOwner, changeStage, delete' },
);
export type TBulkAction = z.infer<typeof ZBulkAction>;

/** A bulk change on the selected contacts (ids) or on every contact matching a filter. */
export const ZBulkContactsInput = z
  .object({
    ids: z
      .array(z.uuid('must be contact ids'), { error: 'must be a list of contact ids' })
      .min(1, 'must select at least one contact')
      .max(CONTACT_LIMITS.bulkIds, `must select at most ${CONTACT_LIMITS.bulkIds} contacts; use the filter for more`)
      .optional(),
    filter: ZContactFilter.optional(),
    action: ZBulkAction,
  })
  .strict()
  .refine((v) => (v.ids === undefined) !== (v.filter === undefined), { path: ['ids'], message: 'choose the contacts: either ids or filter, not both' });
export type TBulkContactsInput = z.input<typeof ZBulkContactsInput>;

export const ZContactTimelineInput = z
  .object({
    id: z.uuid('must be a contact id'),
    /** Only entries of this type (`note`, `email_sent`, `field_changed`, …). */
    type: z
      .string({ error: 'must be text' })
      .regex(/^[a-z][a-z_]{0,59}$/, 'must be a timeline entry type such as note')
      .optional(),
    /** nextBefore of the previous page. */
    before: z.number().int().positive('must be a timeline entry id').optional(),
    limit: z.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  })
  .strict();
export type TContactTimelineInput = z.input<typeof ZContactTimelineInput>;

export const ZAddNoteInput = z
  .object({
    contactId: z.uuid('must be a contact id'),
    body: text(CONTACT_LIMITS.note).min(1, 'is required'),
  })
  .strict();
export type TAddNoteInput = z.input<typeof ZAddNoteInput>;

/** A timeline entry as answered: what happened (`type`) with its details (`payload`, whose shape is the type's), who did it and when. */
export const ZTimelineEntry = z.strictObject({
  id: z.number().int(),
  type: z.string(),
  payload: z.unknown().meta({ description: 'The entry’s details: for a note `{ body }`, for a change `{ field, from, to }`, for a message its id and state' }),
  contactId: z.uuid().nullable(),
  dealId: z.uuid().nullable(),
  actor: z.string().nullable().meta({ description: 'The member who did it; null for the system or an integration' }),
  createdAt: ZAnswerInstant,
});
export const ZTimelinePage = z.strictObject({
  items: z.array(ZTimelineEntry),
  nextBefore: z.number().int().nullable().meta({ description: 'Pass as `before` for the next (older) page; null on the last' }),
});

/** A tag with how many contacts (the caller may see) carry it. */
export const ZContactTagCount = z.strictObject({ tag: z.string(), count: z.number().int() });
export const ZContactTagPage = z.strictObject({
  items: z.array(ZContactTagCount),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` (with the same `sort` and `prefix`) for the next page; null on the last' }),
});

/** A call or meeting logged from the contact's page, with how it went. */
export const INTERACTION_OUTCOMES = {
  call: ['connected', 'left_voicemail', 'no_answer', 'busy', 'wrong_number'],
  meeting: ['held', 'no_show', 'rescheduled', 'cancelled'],
} as const;
export type TInteractionKind = keyof typeof INTERACTION_OUTCOMES;
export const INTERACTION_KINDS = Object.keys(INTERACTION_OUTCOMES) as TInteractionKind[];
export const INTERACTION_OUTCOME_LABELS: Record<(typeof INTERACTION_OUTCOMES)[TInteractionKind][number], string> = {
  connected: 'Connected',
  left_voicemail: 'Left a voicemail',
  no_answer: 'No answer',
  busy: 'Busy',
  wrong_number: 'Wrong number',
  held: 'Held',
  no_show: 'No-show',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
};

export const ZLogInteractionInput = z
  .object({
    contactId: z.uuid('must be a contact id'),
    kind: z.enum(INTERACTION_KINDS as [TInteractionKind, ...TInteractionKind[]], 'must be call or meeting'),
    outcome: z.string().trim().min(1, 'is required'),
    notes: text(CONTACT_LIMITS.note).optional(),
    occurredAt: isoDateTime({ offset: true, error: 'must be a date and time' }).optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const outcomes: readonly string[] = INTERACTION_OUTCOMES[input.kind] ?? [];
    if (!outcomes.includes(input.outcome)) ctx.addIssue({ code: 'custom', path: ['outcome'], message: `must be one of ${outcomes.join(', ')}` });
  });
export type TLogInteractionInput = z.input<typeof ZLogInteractionInput>;

export const ZFindDuplicatesInput = z.object({ limit: z.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(50) }).strict();

/**
 * The contacts an e-mail or phone being typed into the contact form already belongs to (the form
 * warns, with a link to merge; saving is not blocked). Values as typed: one that is not a valid
 * e-mail or number simply matches nothing.
 */
export const ZContactMatchesInput = z
  .object({
    email: z.string().max(320, 'must be at most 320 characters').optional(),
    phone: z.string().max(40, 'must be at most 40 characters').optional(),
    /** The contact being edited, which is not its own duplicate. */
    excludeId: z.uuid('must be a contact id').optional(),
  })
  .strict();
export type TContactMatchesInput = z.input<typeof ZContactMatchesInput>;

/** Fields whose value a merge takes from one contact or the other. */
export const MERGE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'companyName', 'jobTitle', 'lifecycleStage', 'source', 'ownerId', 'leadScore'] as const;
export type TMergeField = (typeof MERGE_FIELDS)[number];
export const ZMergeContactsInput = z
  .object({
    keepId: z.uuid('must be a contact id'),
    mergeId: z.uuid('must be a contact id'),
    /**
     * For each field (or customFields.<key>), 'keep' the kept contact's value or take the merged
     * one's. A field not named keeps the kept contact's value, or the merged one's where the kept is empty.
     */
    fields: z
      .record(
        z.string().refine((k) => (MERGE_FIELDS as readonly string[]).includes(k) || /^customFields\.[a-z][a-z0-9_]{0,39}$/.test(k)),
        z.enum(['keep', 'merge'], { error: 'must be keep or merge' }),
        { error: (issue) => (issue.code === 'invalid_key' ? `is not a field to choose; use one of ${MERGE_FIELDS.join(', ')} or customFields.<key>` : 'must be an object of field choices') },
      )
      .default({}),
  })
  .strict()
  .refine((v) => v.keepId !== v.mergeId, { path: ['mergeId'], message: 'must be a different contact from keepId' });
export type TMergeContactsInput = z.input<typeof ZMergeContactsInput>;

// ——— Imports ———

export const IMPORT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  previewRows: 10,
  /** Rows written per transaction by the import job. */
  chunkSize: 500,
} as const;

/** Contact fields a CSV column can fill; custom fields are 'custom.<key>'. */
export const IMPORT_TARGETS = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'companyName',
  'jobTitle',
  'lifecycleStage',
  'source',
  'tags',
  'owner',
  'leadScore',
  'dncSms',
  'dncEmail',
  'dncCalls',
  'note',
] as const;
export type TImportTarget = (typeof IMPORT_TARGETS)[number] | `custom.${string}`;
export const IMPORT_TARGET_LABELS: Record<(typeof IMPORT_TARGETS)[number], string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name (split into first and last)',
  email: 'E-mail',
  phone: 'Phone',
  companyName: 'Company',
  jobTitle: 'Job title',
  lifecycleStage: 'Lifecycle stage',
  source: 'Source',
  tags: 'Tags (separated by , or ;)',
  owner: "Owner (a member's e-mail)",
  leadScore: 'Lead score',
  dncSms: 'Do not text',
  dncEmail: 'Do not e-mail',
  dncCalls: 'Do not call',
  note: 'Note (added to the timeline)',
};

export const ZImportCsv = z
  .string({ error: 'is required' })
  .min(1, 'is empty')
  .refine((s) => s.length <= IMPORT_LIMITS.maxBytes && new TextEncoder().encode(s).length <= IMPORT_LIMITS.maxBytes, 'must be at most 10 MB');

const ZImportTarget = z
  .string()
  .refine((t) => t === '' || (IMPORT_TARGETS as readonly string[]).includes(t) || /^custom\.[a-z][a-z0-9_]{0,39}$/.test(t), 'must be a contact field, custom.<key> or empty to skip the column');

/** CSV header → contact field; a column left out (or mapped to '' or null) is skipped. */
export const ZImportMapping = z.record(z.string().max(200, 'column names must be at most 200 characters'), ZImportTarget.nullable(), { error: 'must map column names to contact fields' });

export const ZPreviewImportInput = z.object({ csv: ZImportCsv }).strict();
export type TPreviewImportInput = z.input<typeof ZPreviewImportInput>;

export const ZStartImportInput = z
  .object({
    csv: ZImportCsv,
    filename: text(200).min(1, 'is required').default('contacts.csv'),
    mapping: ZImportMapping,
    /** How a row finds an existing contact. */
    dedupeBy: z.enum(['email', 'phone', 'none'], { error: 'must be email, phone or none' }).default('email'),
    /** What a row that finds one does: leave it, fill it in, or create another contact anyway. */
    onDuplicate: z.enum(['skip', 'update', 'create'], { error: 'must be skip, update or create' }).default('skip'),
  })
  .strict();
export type TStartImportInput = z.input<typeof ZStartImportInput>;

export const ZGetImportInput = z.object({ id: z.uuid('must be an import id') });
export const ZListImportsInput = z
  .object({
    page: z.number().int().min(1, 'must be at least 1').default(1),
    limit: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
  })
  .strict();

/** The export: the list's filters and sort, the columns to write, or a saved view's. */
export const ZExportContactsInput = ZContactFilter.extend({
  sort: ZContactSort.optional(),
  direction: ZDirection.optional(),
  columns: z.array(ZContactColumn).max(CONTACT_LIMITS.viewColumns).optional(),
  /** Starts from one of your saved views; other parameters override it. */
  viewId: z.uuid('must be a saved view id').optional(),
}).strict();
export type TExportContactsInput = z.input<typeof ZExportContactsInput>;

/** The export's query string (GET /api/contacts/export.csv) as its input: known keys only, empty values left out, columns comma-separated. */
export const ZExportContactsQuery = z.preprocess((query) => {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(ZExportContactsInput.shape)) {
    const value = (query as Record<string, string | undefined>)[key]?.trim();
    if (!value) continue;
    input[key] =
      key === 'columns'
        ? value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
        : value;
  }
  return input;
}, ZExportContactsInput);

// ——— Records the doors answer with ———

const ZAttribution = z.object({
  source: z.string().optional(),
  medium: z.string().optional(),
  campaign: z.string().optional(),
  referrer: z.string().optional(),
  landingPage: z.string().optional(),
  at: z.string().meta({ description: 'When the visit was attributed (ISO 8601)' }),
});

/** A contact as every door answers it (server/contacts/repo.ts toContact). */
export const ZContactRecord = z.strictObject({
  id: z.uuid(),
  name: z.string().meta({ description: 'The name it is shown by: its name, else its e-mail, else its phone' }),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  otherEmails: z.array(z.string()),
  phone: z.string().nullable().meta({ description: 'E.164, e.g. +15551234567' }),
  otherPhones: z.array(z.string()),
  companyName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  lifecycleStage: ZLifecycleStage,
  source: z.string().nullable(),
  tags: z.array(z.string()),
  ownerId: z.uuid().nullable(),
  owner: z.strictObject({ id: z.uuid(), name: z.string(), email: z.string().nullable() }).nullable(),
  leadScore: z.number().int(),
  doNotContact: z.strictObject({ sms: z.boolean(), email: z.boolean(), calls: z.boolean() }),
  firstAttribution: ZAttribution.nullable(),
  latestAttribution: ZAttribution.nullable(),
  customFields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: ZAnswerInstant,
  updatedAt: ZAnswerInstant,
});

/** One contact with how many deals, tasks and appointments it has (get, create, update). */
export const ZContactDetail = ZContactRecord.extend({
  counts: z.strictObject({
    deals: z.number().int(),
    openDeals: z.number().int(),
    tasks: z.number().int(),
    openTasks: z.number().int(),
    appointments: z.number().int(),
    upcomingAppointments: z.number().int(),
  }),
});

export const ZContactPage = z.strictObject({
  items: z.array(ZContactRecord),
  total: z.number().int().meta({ description: 'Matches: exact, or the count cap when totalIsLowerBound' }),
  totalIsLowerBound: z.boolean(),
  page: z.number().int().nullable().meta({ description: 'null when the page came from a cursor' }),
  limit: z.number().int(),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last' }),
});

/** POST /api/contacts/imports/preview: the file decoded and previewed, its text kept for the import's start. */
export const ZImportUploadPreview = z.strictObject({
  delimiter: z.string(),
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  totalRows: z.number().int(),
  suggestedMapping: z.record(z.string(), z.string().nullable()),
  targets: z.array(z.strictObject({ value: z.string(), label: z.string() })),
  encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']),
  csv: z.string(),
});

/** A contacts batch's answer: per input, in order, its record (and whether it was created) or why it was refused. */
export const ZContactBatchResults = z.strictObject({
  results: z.array(z.union([z.strictObject({ index: z.number().int(), created: z.boolean(), record: ZContactRecord }), z.strictObject({ index: z.number().int(), error: ZBatchItemError })])),
});
export const ZContactBatchDeleted = z.strictObject({
  results: z.array(z.union([z.strictObject({ index: z.number().int(), record: ZDeletedRecord }), z.strictObject({ index: z.number().int(), error: ZBatchItemError })])),
});
/** POST /api/v1/contacts/upsert's answer. */
export const ZContactUpserted = z.strictObject({ created: z.boolean(), record: ZContactRecord });
