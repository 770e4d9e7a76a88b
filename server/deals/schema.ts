import { z } from 'zod';
import { ZAnswerInstant, ZCursor, ZNamedRef, ZUpdatedAfter, pageOf } from '../records/schema';
import { isoDate, MAX_INT, MAX_INT_RULE } from '../input/schema';

/** Pipelines, stages and deals: shared by the server's doors and the client's forms. */

export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export const ZStageKind = z.enum(STAGE_KINDS, { error: 'must be open, won or lost' });
export type TStageKind = z.infer<typeof ZStageKind>;

export const DEAL_STATUSES = STAGE_KINDS;
export const ZDealStatus = z.enum(DEAL_STATUSES, { error: 'must be open, won or lost' });

/** The largest amount in minor units we accept: far below 2^53, far above any real deal. */
export const MAX_MINOR = 1_000_000_000_000_000;

const currencyCodes: Set<string> | null = (() => {
  try {
    return new Set(Intl.supportedValuesOf('currency'));
  } catch {
    return null;
  }
})();

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && (currencyCodes === null || currencyCodes.has(code));
}

const CURRENCY_RULE = 'must be a three-letter ISO 4217 currency code such as USD';
export const ZCurrency = z.string({ error: CURRENCY_RULE }).trim().toUpperCase().refine(isCurrencyCode, CURRENCY_RULE);

export const ZMinorUnits = z.number({ error: 'must be a number' }).int('must be a whole number of minor units (cents)').min(0, 'must be zero or more').max(MAX_MINOR, `must be at most ${MAX_MINOR}`);

/** Money: integer minor units of an ISO 4217 currency (1234 USD = $12.34). */
export const ZMoney = z.object({ valueMinor: ZMinorUnits, currency: ZCurrency });
export type TMoney = z.infer<typeof ZMoney>;

export const ZProbability = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100');

export const ZCalendarDate = isoDate('must be a date in the form YYYY-MM-DD');

const id = (what: string) => z.uuid(`must be ${what} id`);
const ZPipelineName = z.string({ error: 'is required' }).trim().min(1, 'is required').max(80, 'must be at most 80 characters');
const ZStageName = z.string({ error: 'is required' }).trim().min(1, 'is required').max(60, 'must be at most 60 characters');
const ZSearch = z.string().trim().max(200, 'must be at most 200 characters');

export const ZStageDraft = z.strictObject({
  name: ZStageName,
  probability: ZProbability.optional(),
  kind: ZStageKind.default('open'),
});

export const ZCreatePipelineInput = z.strictObject({
  name: ZPipelineName,
  /** The stages in order; without them the pipeline starts with the default stages. */
  stages: z.array(ZStageDraft).min(1, 'must have at least one stage').max(30, 'must have at most 30 stages').optional(),
  isDefault: z.boolean().optional(),
});
export type TCreatePipelineInput = z.input<typeof ZCreatePipelineInput>;

export const ZUpdatePipelineInput = z.strictObject({
  id: id('a pipeline'),
  name: ZPipelineName.optional(),
  /** true makes this the organization's default pipeline. */
  isDefault: z.boolean().optional(),
});
export type TUpdatePipelineInput = z.input<typeof ZUpdatePipelineInput>;

export const ZPipelineIdInput = z.strictObject({ id: id('a pipeline') });

/** A pipeline as answered (pipelines.list, pipelines.get, GET /api/v1/pipelines): its stages in order, with the deals the caller may see in each. */
export const ZPipelineRecord = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  position: z.number().int(),
  createdAt: ZAnswerInstant,
  dealCount: z.number().int(),
  stages: z.array(z.strictObject({ id: z.uuid(), name: z.string(), position: z.number().int(), probability: z.number().int(), kind: ZStageKind, dealCount: z.number().int() })),
});
/** Every pipeline: an organization keeps a handful, so one answer holds them all. */
export const ZPipelineList = z.strictObject({ items: z.array(ZPipelineRecord) });

export const ZDeletePipelineInput = z.strictObject({
  id: id('a pipeline'),
  /** Where the pipeline's open deals go: an open stage of another pipeline (won and lost deals go to its won and lost stages). */
  moveDealsToStageId: id('a stage').optional(),
});
export type TDeletePipelineInput = z.input<typeof ZDeletePipelineInput>;

export const ZCreateStageInput = z.strictObject({
  pipelineId: id('a pipeline'),
  name: ZStageName,
  probability: ZProbability.optional(),
  kind: ZStageKind.default('open'),
  /** 0-based place among the stages; by default an open stage goes before the first won/lost stage, others last. */
  position: z.number().int('must be a whole number').min(0, 'must be zero or more').max(MAX_INT, MAX_INT_RULE).optional(),
});
export type TCreateStageInput = z.input<typeof ZCreateStageInput>;

export const ZUpdateStageInput = z.strictObject({
  id: id('a stage'),
  name: ZStageName.optional(),
  probability: ZProbability.optional(),
  kind: ZStageKind.optional(),
});
export type TUpdateStageInput = z.input<typeof ZUpdateStageInput>;

export const ZDeleteStageInput = z.strictObject({
  id: id('a stage'),
  /** Where the stage's deals go: another stage of the same pipeline and kind. */
  moveDealsToStageId: id('a stage').optional(),
});
export type TDeleteStageInput = z.input<typeof ZDeleteStageInput>;

export const ZReorderStagesInput = z.strictObject({
  pipelineId: id('a pipeline'),
  stageIds: z.array(id('a stage')).min(1, 'must list the stages').max(30, 'must have at most 30 stages'),
});
export type TReorderStagesInput = z.input<typeof ZReorderStagesInput>;

const ZLostReason = z.string().trim().max(500, 'must be at most 500 characters');

const dealFields = {
  title: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  value: ZMoney,
  contactId: id('a contact').nullable(),
  ownerId: id('a user').nullable(),
  expectedCloseDate: ZCalendarDate.nullable(),
  /** Overrides the stage's win probability; null follows the stage. */
  probability: ZProbability.nullable(),
  isRecurring: z.boolean(),
  /** Monthly recurring value, in the deal's currency; required when isRecurring. */
  monthlyValueMinor: ZMinorUnits.nullable(),
  lostReason: ZLostReason.nullable(),
};

export const RECURRING_NEEDS_MONTHLY = 'is required for a recurring deal';

export const ZCreateDealInput = z
  .object({
    ...dealFields,
    /** Defaults to 0 in the organization's primary currency. */
    value: ZMoney.optional(),
    contactId: dealFields.contactId.optional(),
    /** Defaults to the caller. */
    ownerId: dealFields.ownerId.optional(),
    expectedCloseDate: dealFields.expectedCloseDate.optional(),
    probability: dealFields.probability.optional(),
    isRecurring: dealFields.isRecurring.default(false),
    monthlyValueMinor: dealFields.monthlyValueMinor.optional(),
    lostReason: dealFields.lostReason.optional(),
    /** Defaults to the stage's pipeline, else the default pipeline. */
    pipelineId: id('a pipeline').optional(),
    /** Defaults to the pipeline's first stage. */
    stageId: id('a stage').optional(),
  })
  .strict()
  .superRefine((deal, ctx) => {
    if (deal.isRecurring && deal.monthlyValueMinor == null) ctx.addIssue({ code: 'custom', path: ['monthlyValueMinor'], message: RECURRING_NEEDS_MONTHLY });
  });
export type TCreateDealInput = z.input<typeof ZCreateDealInput>;

export const ZUpdateDealInput = z.strictObject({
  id: id('a deal'),
  ...z.object(dealFields).partial().shape,
  /** Moving to another pipeline; stageId then defaults to its first stage. */
  pipelineId: id('a pipeline').optional(),
  stageId: id('a stage').optional(),
});
export type TUpdateDealInput = z.input<typeof ZUpdateDealInput>;

/** What drag and drop on the board calls. */
export const ZMoveDealInput = z.object({
  dealId: id('a deal'),
  stageId: id('a stage'),
  /** Required when the stage is a lost stage. */
  lostReason: ZLostReason.optional(),
  /** 0-based place in the target column; by default the top. */
  position: z.number().int('must be a whole number').min(0, 'must be zero or more').max(MAX_INT, MAX_INT_RULE).optional(),
  /**
   * The deal the moved one lands right after (null: the top of the column). Takes precedence over
   * `position`, so a drop on a filtered board lands exactly between the cards the user saw.
   */
  afterDealId: id('a deal').nullable().optional(),
});
export type TMoveDealInput = z.input<typeof ZMoveDealInput>;

export const ZDealIdInput = z.object({ id: id('a deal') });
export type TDealIdInput = z.input<typeof ZDealIdInput>;

export const ZDealTimelineInput = z.object({
  dealId: id('a deal'),
  /** Keyset paging: the `nextBefore` of the previous page. */
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1, 'must be between 1 and 200').max(200, 'must be between 1 and 200').default(50),
});
export type TDealTimelineInput = z.input<typeof ZDealTimelineInput>;

const dealFilters = {
  q: ZSearch.optional(),
  ownerId: id('a user').optional(),
  closeFrom: ZCalendarDate.optional(),
  closeTo: ZCalendarDate.optional(),
};

export const ZDealBoardInput = z.object({
  /** Defaults to the organization's default pipeline. */
  pipelineId: id('a pipeline').optional(),
  ...dealFilters,
  /** Order inside each column: the board's own order, or last updated first. */
  sort: z.enum(['position', 'updated'], { error: 'must be position or updated' }).default('position'),
  /** Deals listed per column; counts and sums always cover all of them. */
  perStageLimit: z.number().int().min(1, 'must be between 1 and 200').max(200, 'must be between 1 and 200').default(50),
});
export type TDealBoardInput = z.input<typeof ZDealBoardInput>;

export const DEAL_SORT_FIELDS = ['title', 'value', 'expectedCloseDate', 'createdAt', 'updatedAt', 'stageChangedAt', 'position'] as const;

export const ZListDealsInput = z.object({
  ...dealFilters,
  pipelineId: id('a pipeline').optional(),
  stageId: id('a stage').optional(),
  status: ZDealStatus.optional(),
  contactId: id('a contact').optional(),
  /** Open deals whose stage has not changed for more than this many days (the stalled-deals insight). */
  stalledDays: z.number().int('must be a whole number').min(1, 'must be at least 1').max(3650, 'must be at most 3650').optional(),
  page: z.number().int().min(1, 'must be 1 or more').default(1),
  cursor: ZCursor.optional(),
  updatedAfter: ZUpdatedAfter.optional(),
  limit: z.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(25),
  sortBy: z.enum(DEAL_SORT_FIELDS, { error: `must be one of ${DEAL_SORT_FIELDS.join(', ')}` }).default('updatedAt'),
  sortDir: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
});
export type TListDealsInput = z.input<typeof ZListDealsInput>;

// ——— Records the doors answer with ———

const ZAnswerMoney = z.strictObject({ valueMinor: z.number().int(), currency: z.string() });

/** A deal as every door answers it (server/deals/repo.ts toDeal). */
export const ZDealRecord = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  pipelineId: z.uuid(),
  stage: z.strictObject({ id: z.uuid(), name: z.string(), kind: ZStageKind, probability: z.number() }),
  status: ZDealStatus,
  value: ZAnswerMoney.meta({ description: 'Integer minor units of the currency (1234 USD = $12.34)' }),
  probability: z.number().meta({ description: "The deal's override, else its stage's (0–100)" }),
  probabilityOverride: z.number().nullable(),
  weightedValueMinor: z.number().int().meta({ description: 'value × probability, rounded to the minor unit' }),
  isRecurring: z.boolean(),
  monthlyValue: ZAnswerMoney.nullable(),
  contact: z.strictObject({ id: z.uuid(), name: z.string(), email: z.string().nullable(), companyName: z.string().nullable() }).nullable(),
  owner: ZNamedRef.nullable(),
  expectedCloseDate: z.iso.date().nullable(),
  lostReason: z.string().nullable(),
  wonAt: ZAnswerInstant.nullable(),
  lostAt: ZAnswerInstant.nullable(),
  stageChangedAt: ZAnswerInstant,
  position: z.number(),
  createdAt: ZAnswerInstant,
  updatedAt: ZAnswerInstant,
});

/** One deal with its pipeline and the stages it went through (get, create, update). */
export const ZDealDetail = ZDealRecord.extend({
  pipeline: ZNamedRef,
  stageHistory: z.array(
    z.strictObject({
      id: z.number().int(),
      fromStage: ZNamedRef.nullable(),
      toStage: ZNamedRef.nullable(),
      changedBy: ZNamedRef.nullable(),
      changedAt: ZAnswerInstant,
      durationMs: z.number().meta({ description: 'How long the deal stayed in the stage entered here (until the next move, or until now)' }),
    }),
  ),
});

export const ZDealPage = pageOf(ZDealRecord);
