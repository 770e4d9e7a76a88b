import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { fieldError } from '../errors';

/** Where a deal goes in a column: at a 0-based index, or right after another deal (null: the top). */
export type Place = { index: number } | { after: string | null };

/**
 * Where a deal goes in a stage's column: at `index` (0-based) among the others, or on top. Positions
 * are doubles; a drop between two neighbours takes their midpoint, and a column whose gaps wore
 * out is renumbered first.
 */
export async function positionIn(trx: Db, organizationId: string, stageId: string, place: Place | undefined, excludeId: string | null): Promise<number> {
  const column = () => {
    let q = scoped(trx, organizationId).selectFrom('deals').select('position').where('stage_id', '=', stageId);
    if (excludeId) q = q.where('id', '!=', excludeId);
    return q.orderBy('position').orderBy('updated_at', 'desc').orderBy('id');
  };
  const index = place && 'after' in place ? (place.after === null ? 0 : await indexAfter(trx, organizationId, stageId, place.after, excludeId)) : place?.index;
  if (index === undefined || index === 0) {
    const first = await column().limit(1).executeTakeFirst();
    return first ? first.position - 1 : 0;
  }
  const around = await column()
    .offset(index - 1)
    .limit(2)
    .execute();
  const [before, after] = around;
  if (!before) {
    const last = await column().clearOrderBy().orderBy('position', 'desc').limit(1).executeTakeFirst();
    return last ? last.position + 1 : 0;
  }
  if (!after) return before.position + 1;
  if (after.position - before.position > 1e-6) return (before.position + after.position) / 2;
  await renumberColumn(trx, organizationId, stageId);
  return positionIn(trx, organizationId, stageId, { index }, excludeId);
}

/** The 0-based index just below `afterId` in its column (not counting the deal being moved). */
async function indexAfter(trx: Db, organizationId: string, stageId: string, afterId: string, excludeId: string | null): Promise<number> {
  if (afterId === excludeId) throw fieldError('afterDealId', 'must be another deal than the one moved');
  const org = scoped(trx, organizationId);
  const anchor = await org.selectFrom('deals').select(['position', 'updated_at', 'id', 'stage_id']).where('id', '=', afterId).executeTakeFirst();
  if (!anchor || anchor.stage_id !== stageId) throw fieldError('afterDealId', 'is not a deal in the target stage');
  // How many deals sort at or before the anchor, in the column's order (position, updated_at desc, id).
  let ahead = org
    .selectFrom('deals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('stage_id', '=', stageId)
    .where((eb) =>
      eb.or([
        eb('position', '<', anchor.position),
        eb.and([eb('position', '=', anchor.position), eb('updated_at', '>', anchor.updated_at)]),
        eb.and([eb('position', '=', anchor.position), eb('updated_at', '=', anchor.updated_at), eb('id', '<=', anchor.id)]),
      ]),
    );
  if (excludeId) ahead = ahead.where('id', '!=', excludeId);
  return Number((await ahead.executeTakeFirstOrThrow()).n);
}

async function renumberColumn(trx: Db, organizationId: string, stageId: string) {
  const org = scoped(trx, organizationId);
  const ranked = org
    .selectFrom('deals')
    .select(['id', sql<number>`row_number() over (order by position, updated_at desc, id)`.as('rn')])
    .where('stage_id', '=', stageId)
    .as('ranked');
  await org
    .updateTable('deals')
    .from(ranked)
    .set((eb) => ({ position: eb.ref('ranked.rn') }))
    .whereRef('deals.id', '=', 'ranked.id')
    .execute();
}
