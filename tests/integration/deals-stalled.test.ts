import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';

describe('deals.list stalledDays', () => {
  it('lists open deals whose stage has not changed for more than N days', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    const old = await api.deals.create({ title: 'Old and quiet' });
    await api.deals.create({ title: 'Fresh' });
    await deps.database.db
      .updateTable('deals')
      .set({ stage_changed_at: new Date(Date.now() - 20 * 86_400_000) })
      .where('id', '=', old.id)
      .execute();
    const stalled = await api.deals.list({ stalledDays: 14 });
    expect(stalled.items.map((d: { id: string }) => d.id)).toEqual([old.id]);
    await expect(api.deals.list({ stalledDays: 0 })).rejects.toMatchObject({ message: 'stalledDays: must be at least 1' });
  });
});
