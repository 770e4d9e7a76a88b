import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount, createKey } from '../helpers/factories';

/**
 * A won deal lands in the bell's inbox of every member who may see it — the member who marked it
 * won included (their screen said "Deal won"; the inbox keeps it) — whichever way it was won.
 */
async function team() {
  const { deps, caller } = await buildTestApp();
  const owner = await createAccount(deps, 'won-owner');
  const manager = await addMember(deps, owner.organizationId, 'manager');
  const rep = await addMember(deps, owner.organizationId, 'sales_rep');
  const viewer = await addMember(deps, owner.organizationId, 'viewer');
  const as = (cookie: string) => caller(browser(cookie));
  const pipeline = (await as(owner.cookie).pipelines.list()).items[0]!;
  const won = pipeline.stages.find((s: { kind: string }) => s.kind === 'won')!;
  const wonTitles = async (cookie: string) => (await as(cookie).notifications.list()).items.filter((n) => n.title === 'Deal Won!').map((n) => [n.type, n.message, n.link, n.read]);
  return { deps, caller, owner, manager, rep, viewer, as, won, wonTitles };
}

describe('Deal Won! in the inbox', () => {
  it('reaches every member, the one who marked it won included, with the deal’s link (deals.move)', async () => {
    const t = await team();
    const deal = await t.as(t.manager.cookie).deals.create({ title: 'Navy contract', value: { valueMinor: 1_250_000, currency: 'USD' } } as never);
    await t.as(t.manager.cookie).deals.move({ dealId: deal.id, stageId: t.won.id });
    const expected = [['success', 'Navy contract - $12,500', `/pipeline/deals/${deal.id}`, false]];
    for (const member of [t.manager, t.owner, t.rep, t.viewer]) expect(await t.wonTitles(member.cookie), member.role).toEqual(expected);
    expect((await t.as(t.manager.cookie).notifications.list()).unread).toBe(1);
  });

  it('also when won through deals.update, created straight into the won stage, or by an API key', async () => {
    const t = await team();
    const api = t.as(t.owner.cookie);
    const edited = await api.deals.create({ title: 'Edited to won', value: { valueMinor: 100_00, currency: 'USD' } } as never);
    await api.deals.update({ id: edited.id, stageId: t.won.id });
    await api.deals.create({ title: 'Born won', value: { valueMinor: 200_00, currency: 'EUR' }, stageId: t.won.id } as never);
    const key = t.caller({ authorization: `Bearer ${await createKey(t.deps, t.owner.organizationId, 'admin', t.owner.userId)}` });
    const viaKey = await key.deals.create({ title: 'Won by Zapier', value: { valueMinor: 300_00, currency: 'USD' } } as never);
    await key.deals.move({ dealId: viaKey.id, stageId: t.won.id });
    for (const member of [t.owner, t.rep]) {
      expect((await t.wonTitles(member.cookie)).map((n) => n[1])).toEqual(['Won by Zapier - $300', 'Born won - €200', 'Edited to won - $100']);
    }
    // Moving within the won stage, or reopening and winning again, is a new win only when it is one.
    await api.deals.move({ dealId: edited.id, stageId: t.won.id, position: 0 });
    expect(await t.wonTitles(t.owner.cookie)).toHaveLength(3);
  });

  it('respects a member’s preference to turn Deal Won! off', async () => {
    const t = await team();
    await t.as(t.rep.cookie).auth.updatePreferences({ notifications: { deal_won: false } });
    const deal = await t.as(t.owner.cookie).deals.create({ title: 'Quiet win', value: { valueMinor: 5_00, currency: 'USD' } } as never);
    await t.as(t.owner.cookie).deals.move({ dealId: deal.id, stageId: t.won.id });
    expect(await t.wonTitles(t.rep.cookie)).toEqual([]);
    expect(await t.wonTitles(t.viewer.cookie)).toHaveLength(1);
  });

  it('tells a Sales Rep who sees only their own deals of their own wins only', async () => {
    const t = await team();
    await t.as(t.owner.cookie).organizations.update({ salesRepsSeeOwnOnly: true });
    const theirs = await t.as(t.owner.cookie).deals.create({ title: 'Rep’s deal', ownerId: t.rep.userId, value: { valueMinor: 10_00, currency: 'USD' } } as never);
    const notTheirs = await t.as(t.owner.cookie).deals.create({ title: 'Someone else’s deal', ownerId: t.manager.userId, value: { valueMinor: 20_00, currency: 'USD' } } as never);
    await t.as(t.owner.cookie).deals.move({ dealId: theirs.id, stageId: t.won.id });
    await t.as(t.owner.cookie).deals.move({ dealId: notTheirs.id, stageId: t.won.id });
    expect((await t.wonTitles(t.rep.cookie)).map((n) => n[1])).toEqual(['Rep’s deal - $10']);
    expect(await t.wonTitles(t.manager.cookie)).toHaveLength(2);
    expect(await t.wonTitles(t.viewer.cookie)).toHaveLength(2);
  });
});
