import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedScale } from '../../scripts/seed-scale';
import { getDashboard } from '../../server/analytics/dashboard';
import { scoped } from '../../server/db/scoped';
import { buildTestApp } from '../helpers/app';
import { createAccount } from '../helpers/factories';
import { ctxFor } from './analytics-fixture';

describe('scale seed', () => {
  it('fills an organization with consistent contacts, deals, history, tasks, appointments and spend', async () => {
    const { deps } = await buildTestApp();
    const db = deps.database.db;
    const result = await seedScale(db, { contacts: 3000, deals: 400, batchSize: 1000 });
    const org = scoped(db, result.organizationId);
    const count = async (table: 'contacts' | 'deals' | 'tasks' | 'appointments' | 'marketing_spend') =>
      Number(
        (
          await org
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('contacts')).toBe(3000);
    expect(await count('deals')).toBe(400);
    expect(await count('tasks')).toBe(600);
    expect(await count('appointments')).toBe(200);
    expect(await count('marketing_spend')).toBe(104 * 3);

    const emails = await org
      .selectFrom('contacts')
      .select(sql<number>`count(distinct email)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(emails.n)).toBe(3000);

    const deals = await org
      .selectFrom('deals')
      .innerJoin('pipeline_stages as st', 'st.id', 'deals.stage_id')
      .select([
        'deals.id',
        'deals.status',
        'deals.won_at',
        'deals.lost_at',
        'deals.created_at',
        'deals.stage_changed_at',
        'deals.stage_id',
        'deals.pipeline_id',
        'st.pipeline_id as stage_pipeline',
        'st.kind',
      ])
      .execute();
    const history = await org.selectFrom('deal_stage_history').select(['deal_id', 'from_stage_id', 'to_stage_id', 'changed_at']).orderBy('changed_at').orderBy('id').execute();
    const byDeal = new Map<string, typeof history>();
    for (const h of history) byDeal.set(h.deal_id, [...(byDeal.get(h.deal_id) ?? []), h]);
    expect(new Set(deals.map((d) => d.status))).toEqual(new Set(['open', 'won', 'lost']));
    for (const d of deals) {
      expect(d.stage_pipeline).toBe(d.pipeline_id);
      expect(d.kind).toBe(d.status);
      expect(d.won_at !== null).toBe(d.status === 'won');
      expect(d.lost_at !== null).toBe(d.status === 'lost');
      const moves = byDeal.get(d.id)!;
      expect(moves[0]!.from_stage_id).toBeNull();
      expect(moves[0]!.changed_at.getTime()).toBe(d.created_at.getTime());
      expect(moves.at(-1)!.to_stage_id).toBe(d.stage_id);
      expect(moves.at(-1)!.changed_at.getTime()).toBe(d.stage_changed_at.getTime());
      for (let i = 1; i < moves.length; i++) expect(moves[i]!.from_stage_id).toBe(moves[i - 1]!.to_stage_id);
    }

    const dashboard = await getDashboard(ctxFor(db, result.organizationId, result.ownerId), { period: '1y' });
    expect(dashboard.kpis.find((k) => k.key === 'mrr')!.value).toBeGreaterThan(0);
  });

  it('adds to an existing organization and uses its members as owners', async () => {
    const { deps } = await buildTestApp();
    const db = deps.database.db;
    const owner = await createAccount(deps, 'scale-existing');
    await seedScale(db, { contacts: 500, deals: 20, organizationId: owner.organizationId });
    await seedScale(db, { contacts: 500, deals: 20, organizationId: owner.organizationId });
    const rows = await scoped(db, owner.organizationId)
      .selectFrom('contacts')
      .select(['owner_id', sql<number>`count(*)`.as('n')])
      .groupBy('owner_id')
      .execute();
    expect(rows).toEqual([{ owner_id: owner.userId, n: 1000 }]);
    const distinct = await scoped(db, owner.organizationId)
      .selectFrom('contacts')
      .select(sql<number>`count(distinct email)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(1000);
  });
});
