import { describe, expect, it } from 'vitest';
import { V1_RESOURCES } from '../../server/api-v1/resources';
import { buildTestApp } from '../helpers/app';
import { createAccount, createKey } from '../helpers/factories';
import { checkedAgainstOpenApi } from '../helpers/openapi';

/** A valid body per resource, numbered so each record is told apart (and appointments spread over days). */
const body: Record<string, (n: number) => Record<string, unknown>> = {
  contacts: (n) => ({ firstName: `Walker${n}`, lastName: 'Cursor', email: `walker${n}@example.test` }),
  deals: (n) => ({ title: `Deal ${n}`, value: { valueMinor: 1000 * (n % 4), currency: 'USD' } }),
  tasks: (n) => ({ title: `Task ${n}`, ...(n % 3 === 0 ? {} : { dueAt: `2030-01-${String(1 + (n % 5)).padStart(2, '0')}T09:00:00Z` }) }),
  appointments: (n) => ({ title: `Meeting ${n}`, startsAt: `2030-02-${String(1 + (n % 6)).padStart(2, '0')}T09:00:00Z`, endsAt: `2030-02-${String(1 + (n % 6)).padStart(2, '0')}T09:30:00Z` }),
};

describe('/api/v1 lists page by cursor, stable under concurrent inserts and deletes', () => {
  it.each(V1_RESOURCES.map((r) => r.name))('%s: a walk sees every record that stayed, once', async (name) => {
    const { app: raw, deps } = await buildTestApp();
    const app = await checkedAgainstOpenApi(raw);
    const owner = await createAccount(deps);
    const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}`, 'content-type': 'application/json' };
    const create = async (n: number): Promise<string> => {
      const answer = await app.request(`/api/v1/${name}`, { method: 'POST', headers: auth, body: JSON.stringify(body[name]!(n)) });
      expect(answer.status, await answer.clone().text()).toBe(201);
      return ((await answer.json()) as { id: string }).id;
    };
    const ids: string[] = [];
    for (let n = 0; n < 23; n++) ids.push(await create(n));

    const seen: string[] = [];
    const deleted = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    let added = 100;
    do {
      const answer = await app.request(`/api/v1/${name}?limit=4${cursor ? `&cursor=${cursor}` : ''}`, { headers: auth });
      expect(answer.status).toBe(200);
      const page = (await answer.json()) as { items: { id: string }[]; page: number | null; nextCursor: string | null };
      expect(page.page).toBe(cursor ? null : 1);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      pages++;
      // Meanwhile: a record is added and another, not yet seen, deleted; one already seen is deleted too.
      await create(added++);
      const unseen = ids.find((id) => !seen.includes(id) && !deleted.has(id));
      const gone = [unseen, seen[0]].filter((id): id is string => id !== undefined && !deleted.has(id));
      for (const id of gone) {
        expect((await app.request(`/api/v1/${name}/${id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
        deleted.add(id);
      }
    } while (cursor && pages < 50);

    expect(cursor).toBeNull();
    expect(new Set(seen).size, 'no record twice').toBe(seen.length);
    const stayed = ids.filter((id) => !deleted.has(id));
    expect(
      stayed.filter((id) => !seen.includes(id)),
      'no record that stayed is skipped',
    ).toEqual([]);
  });

  it.each(V1_RESOURCES.map((r) => r.name))('%s: a crafted or foreign cursor is a 400 naming cursor', async (name) => {
    const { app, deps } = await buildTestApp();
    const owner = await createAccount(deps);
    const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
    const crafted = Buffer.from(JSON.stringify({ s: 'x', d: 'asc', k: ['1'] })).toString('base64url');
    for (const cursor of ['%%%', crafted]) {
      const answer = await app.request(`/api/v1/${name}?cursor=${encodeURIComponent(cursor)}`, { headers: auth });
      expect(answer.status, cursor).toBe(400);
      expect(((await answer.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('cursor');
    }
  });
});
