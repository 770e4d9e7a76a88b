import type { StageKind } from '../db/schema';
import { displayName } from '../contacts/lookup';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { unknownRecord } from '../errors';
import { readSettings } from '../organizations/settings';

/** Deals of the organization, limited to the caller's own when owner-only visibility applies. */
export function dealsOf(db: Db, organizationId: string, ownerOnly: string | null) {
  const query = scoped(db, organizationId).selectFrom('deals');
  return ownerOnly ? query.where('deals.owner_id', '=', ownerOnly) : query;
}

/** A deal the caller may see (owner-only visibility applied), or NOT_FOUND naming the field. */
export async function requireDealRef(db: Db, organizationId: string, dealId: string, ownerOnly: string | null, field = 'dealId') {
  const deal = await dealsOf(db, organizationId, ownerOnly).select(['id', 'title', 'contact_id', 'owner_id']).where('id', '=', dealId).executeTakeFirst();
  if (!deal) throw unknownRecord(field, 'is not a known deal');
  return deal;
}

export async function requirePipeline(db: Db, organizationId: string, pipelineId: string, field = 'pipelineId') {
  const pipeline = await scoped(db, organizationId).selectFrom('pipelines').select(['id', 'name', 'is_default', 'position']).where('id', '=', pipelineId).executeTakeFirst();
  if (!pipeline) throw unknownRecord(field, 'is not a known pipeline');
  return pipeline;
}

export type StageRow = { id: string; pipeline_id: string; name: string; position: number; probability: number; kind: StageKind };

export async function requireStage(db: Db, organizationId: string, stageId: string, field = 'stageId'): Promise<StageRow> {
  const stage = await scoped(db, organizationId).selectFrom('pipeline_stages').select(['id', 'pipeline_id', 'name', 'position', 'probability', 'kind']).where('id', '=', stageId).executeTakeFirst();
  if (!stage) throw unknownRecord(field, 'is not a known stage');
  return stage;
}

export async function stagesOf(db: Db, organizationId: string, pipelineId: string): Promise<StageRow[]> {
  return scoped(db, organizationId)
    .selectFrom('pipeline_stages')
    .select(['id', 'pipeline_id', 'name', 'position', 'probability', 'kind'])
    .where('pipeline_id', '=', pipelineId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/** Deals with their stage, contact and owner, limited to the organization; callers add filters. */
export function selectDeals(db: Db, organizationId: string) {
  return scoped(db, organizationId)
    .selectFrom('deals')
    .innerJoin('pipeline_stages as stage', 'stage.id', 'deals.stage_id')
    .leftJoin('contacts', 'contacts.id', 'deals.contact_id')
    .leftJoin('users as owner', 'owner.id', 'deals.owner_id')
    .select([
      'deals.id',
      'deals.title',
      'deals.pipeline_id',
      'deals.stage_id',
      'stage.name as stage_name',
      'stage.kind as stage_kind',
      'stage.probability as stage_probability',
      'deals.value_minor',
      'deals.currency',
      'deals.contact_id',
      'contacts.first_name as contact_first_name',
      'contacts.last_name as contact_last_name',
      'contacts.email as contact_email',
      'contacts.company_name as contact_company',
      'deals.owner_id',
      'owner.name as owner_name',
      'deals.expected_close_date',
      'deals.probability',
      'deals.is_recurring',
      'deals.monthly_value_minor',
      'deals.status',
      'deals.lost_reason',
      'deals.won_at',
      'deals.lost_at',
      'deals.stage_changed_at',
      'deals.position',
      'deals.created_at',
      'deals.updated_at',
    ]);
}

type DealRow = Awaited<ReturnType<ReturnType<typeof selectDeals>['executeTakeFirstOrThrow']>>;

/** The API shape of a deal: camelCase, money as { valueMinor, currency }, instants as ISO strings. */
export function toDeal(row: DealRow) {
  const probability = row.probability ?? row.stage_probability;
  return {
    id: row.id,
    title: row.title,
    pipelineId: row.pipeline_id,
    stage: { id: row.stage_id, name: row.stage_name, kind: row.stage_kind, probability: row.stage_probability },
    status: row.status,
    value: { valueMinor: row.value_minor, currency: row.currency },
    /** The deal's override, else its stage's. */
    probability,
    probabilityOverride: row.probability,
    /** value × probability, rounded to the minor unit. */
    weightedValueMinor: Math.round((row.value_minor * probability) / 100),
    isRecurring: row.is_recurring,
    monthlyValue: row.monthly_value_minor === null ? null : { valueMinor: row.monthly_value_minor, currency: row.currency },
    contact: row.contact_id
      ? {
          id: row.contact_id,
          name: displayName({ first_name: row.contact_first_name, last_name: row.contact_last_name, email: row.contact_email }),
          email: row.contact_email,
          companyName: row.contact_company,
        }
      : null,
    owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? '' } : null,
    expectedCloseDate: row.expected_close_date,
    lostReason: row.lost_reason,
    wonAt: row.won_at?.toISOString() ?? null,
    lostAt: row.lost_at?.toISOString() ?? null,
    stageChangedAt: row.stage_changed_at.toISOString(),
    position: row.position,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export type DealView = ReturnType<typeof toDeal>;

/**
 * The organization's primary currency, for single-figure sums: its `currency` setting when set,
 * else the currency most of its deals use, else USD. Never a conversion: other currencies are summed apart.
 */
export async function primaryCurrency(db: Db, organizationId: string): Promise<string> {
  const setting = (await readSettings(db, organizationId)).currency;
  if (setting) return setting;
  // deal_currency_counts: deals per currency, kept by the deals triggers (migration 800).
  const top = await scoped(db, organizationId).selectFrom('deal_currency_counts').select('currency').orderBy('deals', 'desc').orderBy('currency').limit(1).executeTakeFirst();
  return top?.currency ?? 'USD';
}
