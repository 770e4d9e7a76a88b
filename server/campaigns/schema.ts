import { z } from 'zod';
import { checkRange, periodRangeShape } from '../analytics/schema';
import { CONTACT_LIMITS, ZContactFilter, ZLifecycleStage } from '../contacts/schema';
import { isoDateTime } from '../input/schema';
import { ZAnswerInstant } from '../records/schema';
import { BULK_MAX_RECIPIENTS, BULK_TOO_MANY_RECIPIENTS, ZSmsBody } from '../sms/schema';

/**
 * Campaigns (issue #18): e-mail and SMS broadcasts to an audience, and every procedure's input and
 * output. Shared by the server (router, REST) and the client's /campaigns screens (it may import
 * this file).
 *
 * ## The contract in short
 *
 * - A campaign is `draft` → (`scheduled`) → `sending` ⇄ `paused` → `sent`, or `cancelled` from any
 *   state before `sent`. Only a draft or a scheduled campaign may be edited (`campaigns.update`);
 *   `schedule` and `send` move a draft (or a scheduled one) on; `pause`/`resume`/`cancel` act on a
 *   sending (or scheduled) one. A refused move is a CONFLICT naming the state.
 * - `audience` is a segment: `{ match: 'all' | 'any', conditions: [...] }`, each condition one of
 *   `ZAudienceCondition` or a nested group of them (one level). `campaigns.audienceCount` answers
 *   the live count while editing; the audience is evaluated again when the campaign sends.
 *   Contacts without an address on the channel, suppressed addresses (the e-mail channel's list),
 *   do-not-contact flags and SMS opt-outs are counted apart and never sent to.
 * - E-mail body (`email.content`): `{ kind: 'html', html, text? }` or `{ kind: 'blocks', blocks }`
 *   (blocks: the block editor's format, server/campaigns/blocks/schema.ts). Merge fields
 *   `{{firstName}}`, `{{firstName|there}}` (the e-mail channel's names: server/email/send.ts contactValues) (a fallback after the bar) work in the subject, the
 *   body and SMS text. Rendering: `renderCampaignBody` in render.ts. The footer (postal address,
 *   one-click unsubscribe) is added by the e-mail channel.
 * - A/B test (e-mail): `abTest: { subjectB?, contentB?, sharePercent, metric, waitHours }` — the test
 *   varies the subject (`subjectB`), the body (`contentB`, an `email.content` of its own) or both;
 *   `sharePercent` of the audience gets version A or B half and half; after `waitHours` the variant
 *   with more unique human opens (or clicks, or replies) wins and the rest of the audience gets it.
 *   Body B is stored as given and checked when the campaign is sent, as body A is.
 * - `stats` counts recipients by state and tracked events (machine opens apart); figures come from
 *   the recipients' rows, never from a cache.
 */

export const CAMPAIGN_CHANNELS = ['email', 'sms'] as const;
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
/** A recipient's row: `pending` until claimed by a sending job, then the channel's outcome; terminal from `sent` on. */
export const RECIPIENT_STATUSES = ['pending', 'queued', 'sent', 'delivered', 'bounced', 'failed', 'suppressed', 'skipped', 'cancelled'] as const;
export const TERMINAL_RECIPIENT_STATUSES = ['sent', 'delivered', 'bounced', 'failed', 'suppressed', 'skipped', 'cancelled'] as const;
export const AB_METRICS = ['opens', 'clicks', 'replies'] as const;
export const ACTIVITY_KINDS = ['opened', 'clicked', 'replied'] as const;
export const CUSTOM_FIELD_OPERATORS = ['equals', 'not_equals', 'contains', 'greater_than', 'less_than', 'is_set', 'is_not_set'] as const;

export type TCampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export type TRecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const CAMPAIGN_LIMITS = { name: 200, subject: 200, html: 500_000, text: 100_000, sms: 1600, conditions: 20, pageSize: 100 } as const;

const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const id = (what: string) => z.uuid(`must be ${what} id`);
const wholeNumber = (min: number, max: number) => z.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
/** A tag as contacts store it (the contacts' own rule folds spaces with a transform, which the OpenAPI document cannot describe). */
const ZTag = text(CONTACT_LIMITS.tag);
const instant = isoDateTime({ offset: true, error: 'must be a date and time in ISO 8601 with its offset, e.g. 2026-12-01T09:00:00Z' });
/** A wall-clock time, HH:MM (24 hours). */
const ZLocalTime = z.string({ error: 'is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24 hours)');

// ——— Audience ———

/** One condition of a segment. */
export const ZAudienceCondition = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('tag'), tag: ZTag, negate: z.boolean().default(false).describe('Contacts without the tag') }),
    z.strictObject({ type: z.literal('saved_view'), savedViewId: id('a saved view') }),
    z.strictObject({ type: z.literal('lifecycle_stage'), stages: z.array(ZLifecycleStage).min(1, 'must name at least one stage').max(6) }),
    z.strictObject({
      type: z.literal('custom_field'),
      key: text(100),
      operator: z.enum(CUSTOM_FIELD_OPERATORS, { error: `must be one of ${CUSTOM_FIELD_OPERATORS.join(', ')}` }),
      value: z.union([z.string().max(500, 'must be at most 500 characters'), z.number()]).optional(),
    }),
    z.strictObject({
      type: z.literal('activity'),
      activity: z.enum(ACTIVITY_KINDS, { error: 'must be one of opened, clicked, replied' }),
      withinDays: wholeNumber(1, 3650),
      /** A campaign's messages only; none: any campaign's. */
      campaignId: id('a campaign').optional(),
    }),
    z.strictObject({ type: z.literal('deal_stage'), stageId: id('a pipeline stage') }),
    z.strictObject({ type: z.literal('created_between'), from: instant.optional(), to: instant.optional() }),
    /** The contacts on a static list (a CSV import or a selection in the contacts list), as it is when the campaign sends. */
    z.strictObject({ type: z.literal('list'), listId: id('a list') }),
  ],
  { error: 'must be a condition of type tag, saved_view, lifecycle_stage, custom_field, activity, deal_stage, created_between or list' },
);
export type TAudienceCondition = z.output<typeof ZAudienceCondition>;

const ZMatch = z.enum(['all', 'any'], { error: 'must be all or any' });
export const ZAudienceGroup = z.strictObject({
  match: ZMatch,
  conditions: z.array(ZAudienceCondition).min(1, 'must have at least one condition').max(CAMPAIGN_LIMITS.conditions),
});
/** A segment: conditions and groups of conditions combined with and (all) or or (any). No condition: every contact. */
export const ZAudience = z.strictObject({
  match: ZMatch.default('all'),
  conditions: z.array(z.union([ZAudienceCondition, ZAudienceGroup])).max(CAMPAIGN_LIMITS.conditions),
});
export type TAudience = z.output<typeof ZAudience>;

export const ZAudienceCountInput = z.strictObject({ channel: z.enum(CAMPAIGN_CHANNELS, { error: 'must be email or sms' }), audience: ZAudience });
/** Who the audience reaches on the channel: `eligible` are sent to; the rest are left out and counted by reason. */
export const ZAudienceCount = z.strictObject({
  matched: z.number().int(),
  eligible: z.number().int(),
  noAddress: z.number().int(),
  optedOut: z.number().int().meta({ description: 'Do-not-contact on the channel, or an SMS opt-out' }),
  suppressed: z.number().int().meta({ description: 'On the e-mail suppression list (bounced, complained)' }),
  unsubscribed: z.number().int().meta({ description: 'Unsubscribed from marketing e-mail' }),
});

// ——— The SMS tool's bulk tab, to a segment ———

/** The segment the bulk tab sends to (a tag, a saved view or conditions): who it reaches by SMS. Permission sms:send. */
export const ZSmsSegmentCountInput = z.strictObject({ audience: ZAudience });
export const ZSmsSegmentCount = z.strictObject({
  matched: z.number().int(),
  reachable: z.number().int().meta({ description: 'Contacts with a phone number who have not opted out: each gets the message' }),
  noPhone: z.number().int(),
  optedOut: z.number().int(),
});
/**
 * A bulk SMS to a segment's reachable contacts (each message filed under its contact), with any
 * pasted numbers as well, through the SMS tool's bulk path (opt-outs, quiet hours, the sender's rate).
 */
export const ZSmsSegmentSendInput = z.strictObject({
  audience: ZAudience,
  message: ZSmsBody,
  recipients: z
    .array(z.string({ error: 'must be a list of phone numbers' }), { error: 'must be a list of phone numbers' })
    .max(BULK_MAX_RECIPIENTS, BULK_TOO_MANY_RECIPIENTS)
    .default([]),
  idempotencyKey: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
  addUnknownAsContacts: z.boolean({ error: 'must be true or false' }).default(false),
});
export type TSmsSegmentSendInput = z.input<typeof ZSmsSegmentSendInput>;

// ——— Content ———

/** The e-mail body: HTML (and an optional plain-text part; derived from the HTML when missing) or the block editor's blocks. */
export const ZEmailContent = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('html'), html: text(CAMPAIGN_LIMITS.html), text: z.string().max(CAMPAIGN_LIMITS.text, `must be at most ${CAMPAIGN_LIMITS.text} characters`).optional() }),
    z.strictObject({ kind: z.literal('blocks'), blocks: z.unknown() }),
  ],
  { error: 'must be html or blocks content' },
);
export type TEmailContent = z.output<typeof ZEmailContent>;

export const ZEmailMessage = z.strictObject({ subject: text(CAMPAIGN_LIMITS.subject), content: ZEmailContent });
export const ZSmsMessage = z.strictObject({ body: text(CAMPAIGN_LIMITS.sms) });

/** What a test varies: the subject, the body or both; what it does not vary is A's. */
export const ZAbTest = z
  .strictObject({
    subjectB: text(CAMPAIGN_LIMITS.subject).optional().describe('Subject B; without it both variants get the campaign’s subject'),
    contentB: ZEmailContent.optional().describe('Body B, html or blocks like `email.content`; without it both variants get the campaign’s body'),
    sharePercent: wholeNumber(2, 50).describe('Share of the audience in the test, split half and half'),
    metric: z.enum(AB_METRICS, { error: 'must be opens, clicks or replies' }).default('opens'),
    waitHours: wholeNumber(1, 168),
  })
  .refine((test) => test.subjectB !== undefined || test.contentB !== undefined, { message: 'give subject B, body B or both', path: ['subjectB'] });
export type TAbTest = z.output<typeof ZAbTest>;

const campaignFields = {
  name: text(CAMPAIGN_LIMITS.name),
  audience: ZAudience,
  /** Required for an e-mail campaign. */
  email: ZEmailMessage.optional(),
  /** Required for an SMS campaign. */
  sms: ZSmsMessage.optional(),
  abTest: ZAbTest.nullable().optional(),
};
export const ZCreateCampaignInput = z.strictObject({ channel: z.enum(CAMPAIGN_CHANNELS, { error: 'must be email or sms' }), ...campaignFields });
export const ZUpdateCampaignInput = z.strictObject({
  id: id('a campaign'),
  name: campaignFields.name.optional(),
  audience: ZAudience.optional(),
  email: campaignFields.email,
  sms: campaignFields.sms,
  abTest: campaignFields.abTest,
});
export const ZCampaignIdInput = z.strictObject({ id: id('a campaign') });

/**
 * When to send: at an instant (the client turns the organization's wall time into it), or at a wall
 * time in each recipient's own time zone (known from the phone's country; the organization's zone
 * otherwise) on a date.
 */
export const ZScheduleInput = z.strictObject({
  id: id('a campaign'),
  at: instant,
  /** Send at this wall time in each recipient's zone on the date of `at` in the organization's zone. */
  recipientLocalTime: ZLocalTime.optional(),
});

export const ZListCampaignsInput = z.strictObject({
  status: z.enum(CAMPAIGN_STATUSES, { error: `must be one of ${CAMPAIGN_STATUSES.join(', ')}` }).optional(),
  channel: z.enum(CAMPAIGN_CHANNELS, { error: 'must be email or sms' }).optional(),
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, CAMPAIGN_LIMITS.pageSize).default(25),
});

export const ZRecipientsInput = z.strictObject({
  id: id('a campaign'),
  status: z.enum(RECIPIENT_STATUSES, { error: `must be one of ${RECIPIENT_STATUSES.join(', ')}` }).optional(),
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, CAMPAIGN_LIMITS.pageSize).default(50),
});

export const ZStatsInput = z.strictObject({ id: id('a campaign'), conversionWindowDays: wholeNumber(1, 365).default(30) });
/** `GET /api/v1/campaigns/{id}/stats`'s query (a query string's numbers arrive as text). */
export const ZStatsQuery = z.strictObject({
  conversionWindowDays: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(365, 'must be at most 365').default(30),
});
/** /reports' Campaigns section: the campaigns that started sending within the page's range (the analytics reports' range rule). */
export const ZPerformanceInput = z.strictObject(periodRangeShape).superRefine(checkRange).prefault({});
/** The campaigns the Campaigns section lists, newest first (the total counts them all). */
export const PERFORMANCE_LIMIT = 50;
/** Deals count as a campaign's conversions this many days after it started (the report's default window). */
export const PERFORMANCE_CONVERSION_DAYS = 30;
/** The report's chart: events per hour or per day. */
export const ZEngagementInput = z.strictObject({ id: id('a campaign'), bucket: z.enum(['hour', 'day'], { error: 'must be hour or day' }).default('hour') });
/** `GET /api/v1/campaigns/{id}/recipients.csv`'s query. */
export const ZExportRecipientsQuery = z.strictObject({
  status: z.enum(RECIPIENT_STATUSES, { error: `must be one of ${RECIPIENT_STATUSES.join(', ')}` }).optional(),
});
/** `GET /api/v1/campaigns`'s query. */
export const ZListCampaignsQuery = z.strictObject({
  status: z.enum(CAMPAIGN_STATUSES, { error: `must be one of ${CAMPAIGN_STATUSES.join(', ')}` }).optional(),
  channel: z.enum(CAMPAIGN_CHANNELS, { error: 'must be email or sms' }).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'must be at most 100000').default(1),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(CAMPAIGN_LIMITS.pageSize, `must be at most ${CAMPAIGN_LIMITS.pageSize}`)
    .default(25),
});

/** A test send goes to the signed-in member's own address, merged as `contactId` when given; `variant: 'b'` sends the A/B test's version B. */
export const ZTestSendInput = z.strictObject({ id: id('a campaign'), contactId: id('a contact').optional(), variant: z.enum(['a', 'b'], { error: 'must be a or b' }).default('a') });

// ——— Answers ———

export const ZRecipientCounts = z.strictObject(Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, z.number().int()])) as Record<TRecipientStatus, z.ZodNumber>);

export const ZCampaignStats = z.strictObject({
  recipients: z.number().int(),
  byStatus: ZRecipientCounts,
  delivered: z.number().int(),
  bounced: z.number().int(),
  openedHuman: z.number().int().meta({ description: 'Recipients who opened, not counting machine opens' }),
  openedMachine: z.number().int().meta({ description: 'Recipients whose only opens were machine opens (Apple Mail Privacy Protection, scanners)' }),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
  complained: z.number().int().meta({ description: 'Recipients who marked the message as spam (a feedback-loop report); their addresses are suppressed' }),
  replied: z.number().int(),
  conversions: z.strictObject({
    windowDays: z.number().int(),
    dealsCreated: z.number().int(),
    dealsWon: z.number().int(),
    wonValue: z.number(),
  }),
  variants: z.array(z.strictObject({ variant: z.enum(['a', 'b']), recipients: z.number().int(), openedHuman: z.number().int(), clicked: z.number().int(), replied: z.number().int() })),
  winner: z.enum(['a', 'b']).nullable(),
  abTestDecidesAt: ZAnswerInstant.nullable().meta({ description: 'When the A/B test’s winner is (or was) chosen: sending’s start plus waitHours; null without a test or before sending' }),
});

const ZPerformanceFigures = {
  recipients: z.number().int(),
  sent: z.number().int().meta({ description: 'Recipients whose message left (sent or delivered): the base of the open and click rates' }),
  delivered: z.number().int(),
  openedHuman: z.number().int(),
  clicked: z.number().int(),
  replied: z.number().int(),
  unsubscribed: z.number().int(),
  dealsWon: z.number().int(),
  wonValue: z.number(),
};
export const ZCampaignPerformance = z.strictObject({
  period: z.strictObject({ from: z.string(), to: z.string(), timezone: z.string() }),
  conversionWindowDays: z.number().int(),
  items: z.array(z.strictObject({ id: z.uuid(), name: z.string(), channel: z.enum(CAMPAIGN_CHANNELS), status: z.enum(CAMPAIGN_STATUSES), startedAt: ZAnswerInstant, ...ZPerformanceFigures })),
  total: z.number().int().meta({ description: 'Campaigns that started sending within the range; items lists the newest 50' }),
  totals: z.strictObject(ZPerformanceFigures).meta({ description: 'Summed over every campaign of the range, listed or not' }),
});
export type TCampaignPerformance = z.output<typeof ZCampaignPerformance>;

export const ZCampaignSummary = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: ZAnswerInstant.nullable(),
  startedAt: ZAnswerInstant.nullable(),
  finishedAt: ZAnswerInstant.nullable(),
  createdAt: ZAnswerInstant,
  recipients: z.number().int(),
  sent: z.number().int().meta({ description: 'Recipients whose message left (sent or delivered)' }),
  openedHuman: z.number().int(),
  clicked: z.number().int(),
});
export const ZCampaignList = z.strictObject({ items: z.array(ZCampaignSummary), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export const ZCampaignDetail = ZCampaignSummary.extend({
  audience: ZAudience,
  email: z.strictObject({ subject: z.string(), content: ZEmailContent }).nullable(),
  sms: z.strictObject({ body: z.string() }).nullable(),
  abTest: z.strictObject({ subjectB: z.string().optional(), contentB: ZEmailContent.optional(), sharePercent: z.number().int(), metric: z.enum(AB_METRICS), waitHours: z.number().int() }).nullable(),
  recipientLocalTime: z.string().nullable(),
  updatedAt: ZAnswerInstant,
});
export type TCampaignDetail = z.output<typeof ZCampaignDetail>;

export const ZRecipient = z.strictObject({
  id: z.uuid(),
  contactId: z.uuid().nullable(),
  contactName: z.string(),
  address: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  variant: z.enum(['a', 'b']).nullable(),
  dueAt: ZAnswerInstant,
  error: z.string().nullable(),
  events: z.array(z.strictObject({ type: z.string(), machine: z.boolean(), at: ZAnswerInstant })),
});
export const ZRecipientPage = z.strictObject({ items: z.array(ZRecipient), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export const ZEngagement = z.strictObject({
  bucket: z.enum(['hour', 'day']),
  timeZone: z.string().meta({ description: 'The organization’s time zone, in which the buckets are counted' }),
  points: z.array(
    z.strictObject({
      at: z.string().meta({ description: 'The bucket’s start, wall-clock time in timeZone: 2026-12-01T14:00' }),
      opened: z.number().int().meta({ description: 'Opens by people' }),
      machineOpened: z.number().int().meta({ description: 'Opens by machines (privacy proxies, scanners)' }),
      clicked: z.number().int().meta({ description: 'Clicks by people' }),
    }),
  ),
});

export const ZTestSendResult = z.strictObject({ to: z.string(), messageId: z.uuid() });

/** REST create (`POST /api/v1/campaigns`): the flat body; `audience.segment` is a ZAudience. */
export const ZRestCreateCampaignBody = z.strictObject({
  name: text(CAMPAIGN_LIMITS.name),
  channel: z.enum(CAMPAIGN_CHANNELS, { error: 'must be email or sms' }),
  audience: z.strictObject({ tag: ZTag.optional(), savedViewId: id('a saved view').optional(), segment: ZAudience.optional() }),
  subject: text(CAMPAIGN_LIMITS.subject).optional(),
  html: text(CAMPAIGN_LIMITS.html).optional(),
  blocks: z.array(z.unknown()).optional(),
  text: text(CAMPAIGN_LIMITS.text).optional(),
  abTest: ZAbTest.optional(),
  scheduledAt: instant.optional(),
});

// ——— Static lists ———

export const LIST_LIMITS = { name: 120, contacts: 10_000, csvBytes: 5_000_000, csvRows: 10_000, reported: 100 } as const;

export const ZListIdInput = z.strictObject({ id: id('a list') });
export const ZCreateListInput = z.strictObject({ name: text(LIST_LIMITS.name) });
export const ZRenameListInput = z.strictObject({ id: id('a list'), name: text(LIST_LIMITS.name) });
/** The REST body of PATCH /api/v1/campaigns/lists/{id}. */
export const ZRenameListBody = ZRenameListInput.omit({ id: true });
export const ZListContactsInput = z.strictObject({
  id: id('a list'),
  contactIds: z.array(id('a contact')).min(1, 'must name at least one contact').max(LIST_LIMITS.contacts, `must have at most ${LIST_LIMITS.contacts} contacts`),
});
/** "Add to list" on every contact matching the contacts list's filter ("select all matching"). */
export const ZListMatchingInput = z.strictObject({ id: id('a list'), filter: ZContactFilter });
/** The REST body of POST /api/v1/campaigns/lists/{id}/contacts. */
export const ZListContactsBody = ZListContactsInput.omit({ id: true });
/**
 * A CSV with a header line: an `email` and/or `phone` column (also `e-mail`, `mobile`…), and optionally
 * first and last name. Into an existing list (`id`) or a new one (`name`).
 */
export const ZImportListInput = z
  .strictObject({
    id: id('a list').optional(),
    name: text(LIST_LIMITS.name).optional(),
    csv: z.string({ error: 'is required' }).min(1, 'is required').max(LIST_LIMITS.csvBytes, 'must be at most 5 MB'),
    createMissing: z.boolean().default(true).describe('Create a contact for an address that matches none (else it is reported and left out)'),
  })
  .refine((v) => (v.id === undefined) !== (v.name === undefined), { message: 'give either id (an existing list) or name (a new one)', path: ['name'] });

export const ZListSummary = z.strictObject({ id: z.uuid(), name: z.string(), members: z.number().int(), createdAt: z.iso.datetime({ offset: true }), updatedAt: z.iso.datetime({ offset: true }) });
export type TListSummary = z.output<typeof ZListSummary>;
export const ZListsAnswer = z.strictObject({ items: z.array(ZListSummary) });
export const ZListMembersChanged = z.strictObject({ list: ZListSummary, changed: z.number().int().meta({ description: 'Contacts added (or removed) by this call' }) });
export const ZListImportResult = z.strictObject({
  list: ZListSummary,
  rows: z.number().int(),
  matched: z.number().int().meta({ description: 'Rows that matched an existing contact' }),
  created: z.number().int().meta({ description: 'Contacts created for addresses that matched none' }),
  added: z.number().int().meta({ description: 'Contacts newly on the list' }),
  skipped: z
    .array(z.strictObject({ line: z.number().int(), value: z.string(), reason: z.string() }))
    .meta({ description: `Rows left out (no valid address, or unknown when createMissing is false), the first ${LIST_LIMITS.reported}` }),
  skippedCount: z.number().int(),
});
