import { describe, expect, it } from 'vitest';
import { contactsWorld, member, setOrgSettings } from './contacts-helpers';

describe('contacts.tags', () => {
  it('counts contacts per tag through every write path, most used first, with a prefix filter', async () => {
    const world = await contactsWorld();
    const { api } = world;
    const ada = await api.contacts.create({ firstName: 'Ada', tags: ['vip', 'math'] });
    const alan = await api.contacts.create({ firstName: 'Alan', tags: ['math'] });
    const grace = await api.contacts.create({ firstName: 'Grace', tags: ['navy', 'Math club'] });
    expect((await api.contacts.tags()).items).toEqual([
      { tag: 'math', count: 2 },
      { tag: 'Math club', count: 1 },
      { tag: 'navy', count: 1 },
      { tag: 'vip', count: 1 },
    ]);
    expect((await api.contacts.tags({ prefix: 'MA', limit: 1 })).items).toEqual([{ tag: 'math', count: 2 }]);

    await api.contacts.update({ id: alan.id, tags: ['vip'] });
    await api.contacts.bulk({ ids: [ada.id, grace.id], action: { type: 'addTag', tag: 'q3' } });
    await api.contacts.delete({ id: grace.id });
    expect((await api.contacts.tags()).items).toEqual([
      { tag: 'vip', count: 2 },
      { tag: 'math', count: 1 },
      { tag: 'q3', count: 1 },
    ]);

    // Another organization's tags never show.
    const other = await contactsWorld();
    await other.api.contacts.create({ firstName: 'Eve', tags: ['secret'] });
    expect((await api.contacts.tags()).items.map((t) => t.tag)).not.toContain('secret');
  });

  it('counts only their own contacts for a rep when reps see only their own', async () => {
    const world = await contactsWorld();
    const rep = await member(world.deps, world.owner.organizationId, 'sales_rep');
    await world.api.contacts.create({ firstName: 'Mine', tags: ['shared', 'mine'], ownerId: rep.userId });
    await world.api.contacts.create({ firstName: 'Theirs', tags: ['shared', 'theirs'] });
    await setOrgSettings(world.deps, world.owner.organizationId, { salesRepsSeeOwnOnly: true });
    expect((await world.as(rep).contacts.tags()).items).toEqual([
      { tag: 'mine', count: 1 },
      { tag: 'shared', count: 1 },
    ]);
    expect((await world.api.contacts.tags({ prefix: 'sh' })).items).toEqual([{ tag: 'shared', count: 2 }]);
    await expect(world.api.contacts.tags({ limit: 0 })).rejects.toMatchObject({ message: 'limit: must be between 1 and 200' });
  });

  it('walks every tag by cursor, by name or by count, with no repeat or gap while tags come and go', async () => {
    const world = await contactsWorld();
    const { api } = world;
    const names = Array.from({ length: 12 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    const made: string[] = [];
    for (const [i, tag] of names.entries()) made.push((await api.contacts.create({ firstName: `C${i}`, tags: [tag] })).id);
    for (const [i, tag] of names.entries()) if (i % 4 === 0) await api.contacts.create({ firstName: `Extra${i}`, tags: [tag] });

    // By name: a tag added before the cursor is never shown, one added after it is, a removed one is not, none repeats.
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await api.contacts.tags({ sort: 'tag', limit: 5, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((t) => t.tag));
      cursor = page.nextCursor ?? undefined;
      if (pages === 0) {
        await api.contacts.create({ firstName: 'Early', tags: ['a-early'] });
        await api.contacts.create({ firstName: 'Late', tags: ['z-late'] });
        await api.contacts.delete({ id: made[7]! });
      }
      pages += 1;
    } while (cursor);
    expect(seen).toEqual([...names.filter((t) => t !== 't07'), 'z-late']);
    expect(pages).toBe(3);

    // By count: most used first, ties by name, the same rows as one page.
    const whole = (await api.contacts.tags({ limit: 200 })).items;
    const walked: { tag: string; count: number }[] = [];
    cursor = undefined;
    do {
      const page = await api.contacts.tags({ limit: 4, ...(cursor ? { cursor } : {}) });
      walked.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(walked).toEqual(whole);
    expect(whole[0]).toEqual({ tag: 't00', count: 2 });

    // A cursor of one sort is refused under the other; a forged one is a 400, never a cast error.
    const byName = await api.contacts.tags({ sort: 'tag', limit: 1 });
    await expect(api.contacts.tags({ cursor: byName.nextCursor! })).rejects.toMatchObject({ message: 'cursor: belongs to another sort; start again from the first page' });
    const forged = Buffer.from(JSON.stringify({ s: 'count', d: 'desc', k: ['nine', 'x'] })).toString('base64url');
    await expect(api.contacts.tags({ cursor: forged })).rejects.toMatchObject({ message: 'cursor: is not a valid cursor' });
  });

  it('pages a rep’s own counts by cursor too', async () => {
    const world = await contactsWorld();
    const rep = await member(world.deps, world.owner.organizationId, 'sales_rep');
    for (const tag of ['b', 'a', 'c']) await world.api.contacts.create({ firstName: tag, tags: [tag], ownerId: rep.userId });
    await world.api.contacts.create({ firstName: 'Theirs', tags: ['theirs'] });
    await setOrgSettings(world.deps, world.owner.organizationId, { salesRepsSeeOwnOnly: true });
    const first = await world.as(rep).contacts.tags({ sort: 'tag', limit: 2 });
    expect(first.items.map((t) => t.tag)).toEqual(['a', 'b']);
    const second = await world.as(rep).contacts.tags({ sort: 'tag', limit: 2, cursor: first.nextCursor! });
    expect(second).toEqual({ items: [{ tag: 'c', count: 1 }], nextCursor: null });
  });
});
