import type { Kysely } from 'kysely';
import type { Database, StageKind } from '../db/schema';
import { scoped } from '../db/scoped';

/** The stages every organization starts with (spec app-core §3), with suggested win probabilities. */
export const DEFAULT_PIPELINE_NAME = 'Sales Pipeline';
export const DEFAULT_STAGES: readonly { name: string; probability: number; kind: StageKind }[] = [
  { name: 'Qualified Leads', probability: 10, kind: 'open' },
  { name: 'Discovery', probability: 25, kind: 'open' },
  { name: 'Proposal', probability: 50, kind: 'open' },
  { name: 'Negotiation', probability: 75, kind: 'open' },
  { name: 'Closed Won', probability: 100, kind: 'won' },
  { name: 'Closed Lost', probability: 0, kind: 'lost' },
];

/**
 * Creates the organization's default pipeline with the default stages. Call it inside the
 * transaction that creates the organization (signup, demo workspace).
 */
export async function createDefaultPipeline(trx: Kysely<Database>, organizationId: string): Promise<{ id: string }> {
  const org = scoped(trx, organizationId);
  const pipeline = await org.insertInto('pipelines', { name: DEFAULT_PIPELINE_NAME, is_default: true, position: 0 }).returning('id').executeTakeFirstOrThrow();
  await org
    .insertInto(
      'pipeline_stages',
      DEFAULT_STAGES.map((stage, position) => ({ pipeline_id: pipeline.id, name: stage.name, probability: stage.probability, kind: stage.kind, position })),
    )
    .execute();
  return pipeline;
}

/**
 * For organizations created before pipelines existed: creates the default pipeline once, under a
 * lock on the organization row so two first visits cannot both create one.
 */
export async function ensureDefaultPipeline(db: Kysely<Database>, organizationId: string): Promise<void> {
  const any = await scoped(db, organizationId).selectFrom('pipelines').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().executeTakeFirstOrThrow();
    const again = await scoped(trx, organizationId).selectFrom('pipelines').select('id').limit(1).executeTakeFirst();
    if (!again) await createDefaultPipeline(trx, organizationId);
  });
}

/** The organization's default pipeline (created on first use for organizations that predate pipelines). */
export async function defaultPipeline(db: Kysely<Database>, organizationId: string) {
  await ensureDefaultPipeline(db, organizationId);
  return scoped(db, organizationId).selectFrom('pipelines').select(['id', 'name']).orderBy('is_default', 'desc').orderBy('position').orderBy('created_at').limit(1).executeTakeFirstOrThrow();
}
