import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { createAccount, createKey } from '../helpers/factories';
import { until } from './automations-helpers';

/**
 * ANALYZE after bulk loads (server/db/statistics.ts): the contacts the batch API and imports add are
 * counted, and past a fifth of the table (at least 2,000 rows) it is analysed in the background, so
 * the planner never plans a batch's lookups for a table it believes empty.
 */
describe('table statistics after bulk writes', () => {
  it('analyses contacts once the rows written reach the threshold, and not for a few', async () => {
    const { deps } = await buildTestApp();
    const db = deps.database.db;
    const analysedAt = async () => (await sql<{ at: Date | null }>`select last_analyze as at from pg_stat_user_tables where relname = 'contacts'`.execute(db)).rows[0]?.at ?? null;
    const before = await analysedAt();

    deps.database.bulkWrote('contacts', 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await analysedAt()).toEqual(before);

    // More rows than any table of the suite holds: over the threshold whatever its size.
    deps.database.bulkWrote('contacts', 10_000_000);
    const after = await until(analysedAt, (at) => at !== null && (before === null || at > before), 10_000);
    expect(after).not.toBeNull();
  });

  it('counts the contacts a batch upsert created, not those it updated', async () => {
    const { deps, app } = await buildTestApp();
    const owner = await createAccount(deps, 'statistics');
    const wrote: number[] = [];
    const counted = deps.database.bulkWrote;
    deps.database.bulkWrote = (table, rows) => {
      wrote.push(rows);
      counted(table, rows);
    };
    const headers = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}`, 'content-type': 'application/json' };
    const upsert = (inputs: object[]) => app.request('/api/v1/contacts/batch/upsert', { method: 'POST', headers, body: JSON.stringify({ idProperty: 'email', inputs }) });
    expect((await upsert([{ email: 'a@stats.test' }, { email: 'b@stats.test' }])).status).toBe(200);
    expect((await upsert([{ email: 'a@stats.test', jobTitle: 'Chef' }, { email: 'c@stats.test' }])).status).toBe(200);
    expect(wrote).toEqual([2, 1]);
  });
});
