import { describe, expect, it } from 'vitest';
import { contactsWorld, member, setOrgSettings } from './contacts-helpers';

describe('contacts.tags', () => {
  it('counts contacts per tag through every write path, most used first, with a prefix filter', async () => {
    const world = await contactsWorld();
    const { api } = world;
    const ada = await api.contacts.create({ firstName: 'Ada', tags: ['vip', 'math'] });
    const alan = await api.contacts.create({ firstName: 'Alan', tags: ['math'] });
    const grace = await api.contacts.create({ firstName: 'Grace', tags: ['navy', 'Math club'] });
    expect(await api.contacts.tags()).toEqual([
      { tag: 'math', count: 2 },
      { tag: 'Math club', count: 1 },
      { tag: 'navy', count: 1 },
      { tag: 'vip', count: 1 },
    ]);
    expect(await api.contacts.tags({ prefix: 'MA', limit: 1 })).toEqual([{ tag: 'math', count: 2 }]);

    await api.contacts.update({ id: alan.id, tags: ['vip'] });
    await api.contacts.bulk({ ids: [ada.id, grace.id], action: { type: 'addTag', tag: 'q3' } });
    await api.contacts.delete({ id: grace.id });
    expect(await api.contacts.tags()).toEqual([
      { tag: 'vip', count: 2 },
      { tag: 'math', count: 1 },
      { tag: 'q3', count: 1 },
    ]);

    // Another organization's tags never show.
    const other = await contactsWorld();
    await other.api.contacts.create({ firstName: 'Eve', tags: ['secret'] });
    expect((await api.contacts.tags()).map((t) => t.tag)).not.toContain('secret');
  });

  it('counts only their own contacts for a rep when reps see only their own', async () => {
    const world = await contactsWorld();
    const rep = await member(world.deps, world.owner.organizationId, 'sales_rep');
    await world.api.contacts.create({ firstName: 'Mine', tags: ['shared', 'mine'], ownerId: rep.userId });
    await world.api.contacts.create({ firstName: 'Theirs', tags: ['shared', 'theirs'] });
    await setOrgSettings(world.deps, world.owner.organizationId, { salesRepsSeeOwnOnly: true });
    expect(await world.as(rep).contacts.tags()).toEqual([
      { tag: 'mine', count: 1 },
      { tag: 'shared', count: 1 },
    ]);
    expect(await world.api.contacts.tags({ prefix: 'sh' })).toEqual([{ tag: 'shared', count: 2 }]);
    await expect(world.api.contacts.tags({ limit: 0 })).rejects.toMatchObject({ message: 'limit: must be between 1 and 200' });
  });
});
