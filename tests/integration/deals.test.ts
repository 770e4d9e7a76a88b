import { describe, expect, it } from 'vitest';
import { listActivities } from '../../server/activities/service';
import type { AppDeps } from '../../server/deps';
import { seedDemoWorkspace } from '../../server/demo/demo';
import { buildTestApp } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount, type Account } from '../helpers/factories';

type Api = ReturnType<Awaited<ReturnType<typeof buildTestApp>>['caller']>;

async function contact(deps: AppDeps, account: Account, first = 'Ada', ownerId: string | null = null): Promise<string> {
  const row = await deps.database.db
    .insertInto('contacts')
    .values({ organization_id: account.organizationId, first_name: first, last_name: 'Lovelace', email: `${first.toLowerCase()}@example.test`, owner_id: ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function defaultPipeline(api: Api) {
  const { items } = await api.pipelines.list();
  const pipeline = items.find((p) => p.isDefault)!;
  const stage = (name: string) => pipeline.stages.find((s) => s.name === name)!;
  return { ...pipeline, stage };
}

async function setup(label = 'deals') {
  const { deps, caller, app } = await buildTestApp();
  const owner = await createAccount(deps, label);
  const api = caller(browser(owner.cookie));
  return { deps, caller, app, owner, api, pipeline: await defaultPipeline(api) };
}

describe('default pipeline', () => {
  it('is created at signup with the spec stages, kinds and suggested probabilities', async () => {
    const { api } = await setup();
    const { items } = await api.pipelines.list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'Sales Pipeline', isDefault: true, dealCount: 0 });
    expect(items[0]!.stages.map((s) => [s.name, s.kind, s.probability, s.position])).toEqual([
      ['Qualified Leads', 'open', 10, 0],
      ['Discovery', 'open', 25, 1],
      ['Proposal', 'open', 50, 2],
      ['Negotiation', 'open', 75, 3],
      ['Closed Won', 'won', 100, 4],
      ['Closed Lost', 'lost', 0, 5],
    ]);
  });

  it('is created lazily, once, for an organization that has none', async () => {
    const { deps, api, owner } = await setup();
    await deps.database.db.deleteFrom('pipelines').where('organization_id', '=', owner.organizationId).execute();
    const [first, second] = await Promise.all([api.pipelines.list(), api.pipelines.list()]);
    expect(first.items).toHaveLength(1);
    expect(second.items.map((p) => p.id)).toEqual(first.items.map((p) => p.id));
    expect((await api.pipelines.list()).items[0]!.stages).toHaveLength(6);
  });

  it('is part of the demo workspace', async () => {
    const database = await createTestDatabase();
    try {
      const { organizationId } = await seedDemoWorkspace(database.db);
      const stages = await database.db.selectFrom('pipeline_stages').select('name').where('organization_id', '=', organizationId).orderBy('position').execute();
      expect(stages.map((s) => s.name)).toEqual(['Qualified Leads', 'Discovery', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost']);
    } finally {
      await database.close();
    }
  });
});

describe('deals', () => {
  it('creates a deal with defaults, its first history row and a deal_created entry on the deal and its contact', async () => {
    const { deps, owner, api, pipeline } = await setup();
    const contactId = await contact(deps, owner);
    const deal = await api.deals.create({ title: '  Acme renewal ', value: { valueMinor: 150_000, currency: 'eur' }, contactId, expectedCloseDate: '2030-06-30' });
    expect(deal).toMatchObject({
      title: 'Acme renewal',
      pipelineId: pipeline.id,
      pipeline: { id: pipeline.id, name: 'Sales Pipeline' },
      stage: { id: pipeline.stage('Qualified Leads').id, name: 'Qualified Leads', kind: 'open', probability: 10 },
      status: 'open',
      value: { valueMinor: 150_000, currency: 'EUR' },
      probability: 10,
      probabilityOverride: null,
      weightedValueMinor: 15_000,
      isRecurring: false,
      monthlyValue: null,
      contact: { id: contactId, name: 'Ada Lovelace', email: 'ada@example.test' },
      owner: { id: owner.userId },
      expectedCloseDate: '2030-06-30',
      wonAt: null,
      lostAt: null,
    });
    expect(deal.stageHistory).toHaveLength(1);
    expect(deal.stageHistory[0]).toMatchObject({ fromStage: null, toStage: { id: pipeline.stage('Qualified Leads').id, name: 'Qualified Leads' }, changedBy: { id: owner.userId } });

    const onContact = await listActivities({ db: deps.database.db, organizationId: owner.organizationId }, { contactId });
    expect(onContact.items.map((a) => [a.type, a.dealId])).toEqual([['deal_created', deal.id]]);
    expect(onContact.items[0]!.payload).toMatchObject({ title: 'Acme renewal', valueMinor: 150_000, currency: 'EUR', stage: 'Qualified Leads' });

    // Without a value: zero in the organization's primary currency (here the one its deals use most).
    const bare = await api.deals.create({ title: 'Bare' });
    expect(bare.value).toEqual({ valueMinor: 0, currency: 'EUR' });
  });

  it('refuses bad input naming the field and the rule', async () => {
    const { deps, caller, owner, api, pipeline } = await setup();
    const other = await createAccount(deps, 'other');
    const otherApi = caller(browser(other.cookie));
    const second = await api.pipelines.create({ name: 'Partners' });

    await expect(api.deals.create({ title: 'X', pipelineId: pipeline.id, stageId: second.stages[0]!.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'stageId: does not belong to this pipeline',
    });
    await expect(api.deals.create({ title: 'X', stageId: pipeline.stage('Closed Lost').id })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'lostReason: is required when a deal is lost' });
    await expect(api.deals.create({ title: 'X', contactId: await contact(deps, other) })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'contactId: is not a known contact' });
    await expect(api.deals.create({ title: 'X', ownerId: other.userId })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'ownerId: is not a member of this organization' });
    await expect(api.deals.create({ title: 'X', value: { valueMinor: 100, currency: 'XYZ' } })).rejects.toMatchObject({
      message: 'value.currency: must be a three-letter ISO 4217 currency code such as USD',
    });
    await expect(api.deals.create({ title: 'X', value: { valueMinor: 10.5, currency: 'USD' } })).rejects.toMatchObject({ message: 'value.valueMinor: must be a whole number of minor units (cents)' });
    await expect(api.deals.create({ title: 'X', value: { valueMinor: -1, currency: 'USD' } })).rejects.toMatchObject({ message: 'value.valueMinor: must be zero or more' });
    await expect(api.deals.create({ title: ' ' })).rejects.toMatchObject({ message: 'title: is required' });
    await expect(api.deals.create({ title: 'X', isRecurring: true })).rejects.toMatchObject({ message: 'monthlyValueMinor: is required for a recurring deal' });
    await expect(api.deals.create({ title: 'X', probability: 120 })).rejects.toMatchObject({ message: 'probability: must be between 0 and 100' });
    await expect(api.deals.create({ title: 'X', expectedCloseDate: '30/06/2030' })).rejects.toMatchObject({ message: 'expectedCloseDate: must be a date in the form YYYY-MM-DD' });
    await expect(otherApi.deals.create({ title: 'X', pipelineId: pipeline.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'pipelineId: is not a known pipeline' });

    const deal = await api.deals.create({ title: 'Valid' });
    await expect(api.deals.move({ dealId: deal.id, stageId: second.stages[0]!.id })).rejects.toMatchObject({ message: 'stageId: does not belong to this pipeline' });
    await expect(api.deals.move({ dealId: deal.id, stageId: pipeline.stage('Closed Lost').id })).rejects.toMatchObject({ message: 'lostReason: is required when a deal is lost' });
    await expect(api.deals.move({ dealId: deal.id, stageId: pipeline.stage('Closed Lost').id, lostReason: '   ' })).rejects.toMatchObject({ message: 'lostReason: is required when a deal is lost' });
    await expect(api.deals.update({ id: deal.id, ownerId: other.userId })).rejects.toMatchObject({ message: 'ownerId: is not a member of this organization' });
    await expect(api.deals.update({ id: deal.id, lostReason: 'Too early' })).rejects.toMatchObject({ message: 'lostReason: can be set only on a lost deal' });
    // Nothing was half-written by the refusals.
    const fresh = await api.deals.get({ id: deal.id });
    expect(fresh.stageHistory).toHaveLength(1);
    expect(fresh.owner?.id).toBe(owner.userId);
  });

  it('keeps status, won/lost dates and stage history in step with moves, on the deal and the contact timelines', async () => {
    const { deps, owner, api, pipeline } = await setup();
    const contactId = await contact(deps, owner);
    const deal = await api.deals.create({ title: 'Big one', value: { valueMinor: 500_000, currency: 'USD' }, contactId });

    const discovery = await api.deals.move({ dealId: deal.id, stageId: pipeline.stage('Discovery').id });
    expect(discovery).toMatchObject({ status: 'open', stage: { name: 'Discovery' }, probability: 25 });

    const won = await api.deals.move({ dealId: deal.id, stageId: pipeline.stage('Closed Won').id });
    expect(won).toMatchObject({ status: 'won', lostAt: null, lostReason: null, probability: 100 });
    expect(won.wonAt).not.toBeNull();

    const reopened = await api.deals.move({ dealId: deal.id, stageId: pipeline.stage('Negotiation').id });
    expect(reopened).toMatchObject({ status: 'open', wonAt: null, lostAt: null });

    const lost = await api.deals.move({ dealId: deal.id, stageId: pipeline.stage('Closed Lost').id, lostReason: 'Chose a competitor' });
    expect(lost).toMatchObject({ status: 'lost', wonAt: null, lostReason: 'Chose a competitor' });
    expect(lost.lostAt).not.toBeNull();

    const back = await api.deals.move({ dealId: deal.id, stageId: pipeline.stage('Proposal').id });
    expect(back).toMatchObject({ status: 'open', lostAt: null, lostReason: null });

    expect(back.stageHistory.map((h) => [h.fromStage?.name ?? null, h.toStage?.name])).toEqual([
      [null, 'Qualified Leads'],
      ['Qualified Leads', 'Discovery'],
      ['Discovery', 'Closed Won'],
      ['Closed Won', 'Negotiation'],
      ['Negotiation', 'Closed Lost'],
      ['Closed Lost', 'Proposal'],
    ]);
    expect(back.stageHistory.every((h) => h.durationMs >= 0 && h.changedBy?.id === owner.userId)).toBe(true);

    const timeline = await api.deals.timeline({ dealId: deal.id });
    const types = timeline.items.map((a) => a.type).reverse();
    expect(types).toEqual(['deal_created', 'deal_moved', 'deal_moved', 'deal_won', 'deal_moved', 'deal_moved', 'deal_lost', 'deal_moved']);
    const moves = timeline.items.filter((a) => a.type === 'deal_moved').reverse();
    expect(moves.map((a) => [a.payload.from, a.payload.to])).toEqual([
      ['Qualified Leads', 'Discovery'],
      ['Discovery', 'Closed Won'],
      ['Closed Won', 'Negotiation'],
      ['Negotiation', 'Closed Lost'],
      ['Closed Lost', 'Proposal'],
    ]);
    expect(moves[2]!.payload).toMatchObject({ reopened: true });
    expect(timeline.items.find((a) => a.type === 'deal_won')!.payload).toMatchObject({ title: 'Big one', valueMinor: 500_000, currency: 'USD' });
    expect(timeline.items.find((a) => a.type === 'deal_lost')!.payload).toMatchObject({ reason: 'Chose a competitor' });

    // The same entries show on the contact's timeline.
    const onContact = await listActivities({ db: deps.database.db, organizationId: owner.organizationId }, { contactId });
    expect(onContact.items.map((a) => a.type)).toEqual(timeline.items.map((a) => a.type));
    expect(onContact.items.every((a) => a.dealId === deal.id)).toBe(true);

    // Moving a lost deal between lost stages keeps its reason; a created-won deal is won at once.
    const wonAtOnce = await api.deals.create({ title: 'Signed', stageId: pipeline.stage('Closed Won').id });
    expect(wonAtOnce.status).toBe('won');
    expect((await api.deals.timeline({ dealId: wonAtOnce.id })).items.map((a) => a.type)).toEqual(['deal_won', 'deal_created']);
  });

  it('updates fields with one field_changed entry each and moves pipelines through the stage path', async () => {
    const { deps, owner, api, pipeline } = await setup();
    const rep = await addMember(deps, owner.organizationId, 'sales_rep', 'rep');
    const contactId = await contact(deps, owner);
    const partners = await api.pipelines.create({ name: 'Partners', stages: [{ name: 'Intro' }, { name: 'Signed', kind: 'won' }] });
    const deal = await api.deals.create({ title: 'Expansion', value: { valueMinor: 1000, currency: 'USD' }, contactId });

    const updated = await api.deals.update({
      id: deal.id,
      title: 'Expansion 2030',
      value: { valueMinor: 2500, currency: 'USD' },
      ownerId: rep.userId,
      probability: 60,
      isRecurring: true,
      monthlyValueMinor: 300,
      expectedCloseDate: '2030-01-15',
    });
    expect(updated).toMatchObject({
      title: 'Expansion 2030',
      value: { valueMinor: 2500, currency: 'USD' },
      owner: { id: rep.userId, name: 'Test rep' },
      probability: 60,
      probabilityOverride: 60,
      weightedValueMinor: 1500,
      isRecurring: true,
      monthlyValue: { valueMinor: 300, currency: 'USD' },
    });
    const changes = (await api.deals.timeline({ dealId: deal.id })).items.filter((a) => a.type === 'field_changed').map((a) => a.payload);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'title', from: 'Expansion', to: 'Expansion 2030' },
        { field: 'value', from: { valueMinor: 1000, currency: 'USD' }, to: { valueMinor: 2500, currency: 'USD' } },
        { field: 'owner', from: { id: owner.userId, name: 'Test deals' }, to: { id: rep.userId, name: 'Test rep' } },
        { field: 'probability', from: null, to: 60 },
        { field: 'isRecurring', from: false, to: true },
        { field: 'monthlyValueMinor', from: null, to: 300 },
        { field: 'expectedCloseDate', from: null, to: '2030-01-15' },
      ]),
    );
    expect(changes).toHaveLength(7);

    // An unchanged update writes nothing; turning recurring off clears the monthly value.
    await api.deals.update({ id: deal.id, title: 'Expansion 2030' });
    expect((await api.deals.timeline({ dealId: deal.id })).items).toHaveLength(8);
    expect((await api.deals.update({ id: deal.id, isRecurring: false })).monthlyValue).toBeNull();

    // Another pipeline: lands in its first stage, with history and a deal_moved entry naming both stages.
    const moved = await api.deals.update({ id: deal.id, pipelineId: partners.id });
    expect(moved).toMatchObject({ pipelineId: partners.id, stage: { name: 'Intro' } });
    expect(moved.stageHistory.at(-1)).toMatchObject({ fromStage: { name: 'Qualified Leads' }, toStage: { name: 'Intro' } });
    const lastMove = (await api.deals.timeline({ dealId: deal.id })).items.find((a) => a.type === 'deal_moved')!;
    expect(lastMove.payload).toMatchObject({ from: 'Qualified Leads', to: 'Intro', fromPipelineId: pipeline.id, toPipelineId: partners.id });
    await expect(api.deals.update({ id: deal.id, stageId: pipeline.stage('Discovery').id })).rejects.toMatchObject({ message: 'stageId: does not belong to this pipeline' });
  });

  it('orders a column by drag and drop position', async () => {
    const { api, pipeline } = await setup();
    const discovery = pipeline.stage('Discovery').id;
    const titles = async () => (await api.deals.board({ pipelineId: pipeline.id })).stages.find((s) => s.id === discovery)!.deals.map((d) => d.title);
    const a = await api.deals.create({ title: 'A', stageId: discovery });
    const b = await api.deals.create({ title: 'B', stageId: discovery });
    const c = await api.deals.create({ title: 'C', stageId: discovery });
    // New deals go on top.
    expect(await titles()).toEqual(['C', 'B', 'A']);
    await api.deals.move({ dealId: c.id, stageId: discovery, position: 2 });
    expect(await titles()).toEqual(['B', 'A', 'C']);
    await api.deals.move({ dealId: b.id, stageId: discovery, position: 1 });
    expect(await titles()).toEqual(['A', 'B', 'C']);
    const d = await api.deals.create({ title: 'D' });
    await api.deals.move({ dealId: d.id, stageId: discovery, position: 1 });
    expect(await titles()).toEqual(['A', 'D', 'B', 'C']);
    await api.deals.move({ dealId: a.id, stageId: discovery, position: 99 });
    expect(await titles()).toEqual(['D', 'B', 'C', 'A']);
    // Many drops into the same gap keep a consistent order.
    for (let i = 0; i < 60; i++) await api.deals.move({ dealId: i % 2 === 0 ? b.id : c.id, stageId: discovery, position: 1 });
    expect(await titles()).toEqual(['D', 'C', 'B', 'A']);
    // Pure reordering writes no history.
    expect((await api.deals.get({ id: b.id })).stageHistory).toHaveLength(1);
    // Most recently updated first, on request.
    await api.deals.update({ id: b.id, title: 'B2' });
    expect((await api.deals.board({ pipelineId: pipeline.id, sort: 'updated' })).stages.find((s) => s.id === discovery)!.deals[0]!.title).toBe('B2');
  });

  it('places a dropped deal right after the card the user saw above it, even with deals hidden by a filter', async () => {
    const { api, pipeline } = await setup();
    const discovery = pipeline.stage('Discovery').id;
    const proposal = pipeline.stage('Proposal').id;
    const titles = async () => (await api.deals.board({ pipelineId: pipeline.id })).stages.find((s) => s.id === discovery)!.deals.map((d) => d.title);
    const [a, , c] = [
      await api.deals.create({ title: 'A', stageId: discovery }),
      await api.deals.create({ title: 'hidden', stageId: discovery }),
      await api.deals.create({ title: 'C', stageId: discovery }),
    ];
    expect(await titles()).toEqual(['C', 'hidden', 'A']);
    // A board filtered to C and A shows them adjacent; dropping X between them lands right after C.
    const x = await api.deals.create({ title: 'X', stageId: proposal });
    await api.deals.move({ dealId: x.id, stageId: discovery, afterDealId: c.id });
    expect(await titles()).toEqual(['C', 'X', 'hidden', 'A']);
    await api.deals.move({ dealId: c.id, stageId: discovery, afterDealId: a.id });
    expect(await titles()).toEqual(['X', 'hidden', 'A', 'C']);
    await api.deals.move({ dealId: c.id, stageId: discovery, afterDealId: null });
    expect(await titles()).toEqual(['C', 'X', 'hidden', 'A']);
    await expect(api.deals.move({ dealId: c.id, stageId: proposal, afterDealId: a.id })).rejects.toMatchObject({ message: 'afterDealId: is not a deal in the target stage' });
    await expect(api.deals.move({ dealId: c.id, stageId: discovery, afterDealId: c.id })).rejects.toMatchObject({ message: 'afterDealId: must be another deal than the one moved' });
  });

  it('deletes a deal, leaving a trace on its contact and freeing its tasks', async () => {
    const { deps, owner, api } = await setup();
    const contactId = await contact(deps, owner);
    const deal = await api.deals.create({ title: 'Gone soon', contactId, value: { valueMinor: 900, currency: 'USD' } });
    const task = await api.tasks.create({ title: 'Follow up', dealId: deal.id });
    expect(await api.deals.delete({ id: deal.id })).toEqual({ id: deal.id });
    await expect(api.deals.get({ id: deal.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.deals.delete({ id: deal.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const onContact = await listActivities({ db: deps.database.db, organizationId: owner.organizationId }, { contactId });
    expect(onContact.items[0]).toMatchObject({ type: 'deal_deleted', dealId: null, payload: { dealId: deal.id, title: 'Gone soon' } });
    const tasks = await api.tasks.list({ view: 'all' });
    expect(tasks.items.find((t) => t.id === task.id)?.deal).toBeNull();
  });
});

describe('board figures', () => {
  /**
   * A fixed data set, computed by hand. Stages Lead (10%), Demo (40%), Won, Lost.
   *  d1 1 000 USD Lead → Demo → Won     d2 2 000 USD Lead → Demo
   *  d3 3 000 USD Lead → Lost           d4   500 EUR Lead
   *  d5 4 000 USD created in Demo, probability 90, owned by a second member, closes 2030-02-10
   */
  async function fixture() {
    const ctx = await setup('board');
    const { api, deps, owner } = ctx;
    const manager = await addMember(deps, owner.organizationId, 'manager', 'mgr');
    const p = await api.pipelines.create({
      name: 'Fixed',
      stages: [
        { name: 'Lead', probability: 10 },
        { name: 'Demo', probability: 40 },
        { name: 'Won', kind: 'won' },
        { name: 'Lost', kind: 'lost' },
      ],
    });
    const [lead, demo, won, lost] = p.stages.map((s) => s.id) as [string, string, string, string];
    const usd = (valueMinor: number) => ({ valueMinor, currency: 'USD' });
    const d1 = await api.deals.create({ title: 'd1 alpha', pipelineId: p.id, value: usd(1000), expectedCloseDate: '2030-01-05' });
    const d2 = await api.deals.create({ title: 'd2 beta', pipelineId: p.id, value: usd(2000), expectedCloseDate: '2030-01-20' });
    const d3 = await api.deals.create({ title: 'd3 gamma', pipelineId: p.id, value: usd(3000) });
    const d4 = await api.deals.create({ title: 'd4 delta', pipelineId: p.id, value: { valueMinor: 500, currency: 'EUR' } });
    const d5 = await api.deals.create({ title: 'd5 alpha', stageId: demo, value: usd(4000), probability: 90, ownerId: manager.userId, expectedCloseDate: '2030-02-10' });
    await api.deals.move({ dealId: d1.id, stageId: demo });
    await api.deals.move({ dealId: d1.id, stageId: won });
    await api.deals.move({ dealId: d2.id, stageId: demo });
    await api.deals.move({ dealId: d3.id, stageId: lost, lostReason: 'No budget' });
    return { ...ctx, manager, pipelineId: p.id, stages: { lead, demo, won, lost }, deals: { d1, d2, d3, d4, d5 } };
  }

  it('counts, sums per currency and in the primary currency, weighted values and conversion from history', async () => {
    const { api, pipelineId } = await fixture();
    const board = await api.deals.board({ pipelineId });
    expect(board.primaryCurrency).toBe('USD');
    const byName = Object.fromEntries(board.stages.map((s) => [s.name, s]));

    expect(byName.Lead).toMatchObject({ count: 1, value: { valueMinor: 0, currency: 'USD' }, totals: [{ currency: 'EUR', count: 1, valueMinor: 500, weightedValueMinor: 50 }] });
    expect(byName.Demo).toMatchObject({ count: 2, value: { valueMinor: 6000, currency: 'USD' }, weightedValue: { valueMinor: 4400, currency: 'USD' } });
    expect(byName.Won).toMatchObject({ count: 1, value: { valueMinor: 1000, currency: 'USD' }, weightedValue: { valueMinor: 1000, currency: 'USD' } });
    expect(byName.Lost).toMatchObject({ count: 1, value: { valueMinor: 3000, currency: 'USD' }, weightedValue: { valueMinor: 0, currency: 'USD' } });
    expect(byName.Demo!.deals.map((d) => d.title).sort()).toEqual(['d2 beta', 'd5 alpha']);

    // Lead was entered by d1 d2 d3 d4, of which d1 d2 entered Demo: 2/4. Demo by d1 d2 d5, of which d1 won: 1/3.
    expect(byName.Lead!.conversion).toEqual({ toStageId: byName.Demo!.id, reached: 4, advanced: 2, rate: 0.5 });
    expect(byName.Demo!.conversion).toEqual({ toStageId: byName.Won!.id, reached: 3, advanced: 1, rate: 1 / 3 });
    expect(byName.Won!.conversion).toBeNull();
    expect(byName.Lost!.conversion).toBeNull();

    expect(board.summary).toEqual({
      count: 5,
      value: { valueMinor: 10_000, currency: 'USD' },
      weightedValue: { valueMinor: 5400, currency: 'USD' },
      totals: [
        { currency: 'USD', count: 4, valueMinor: 10_000, weightedValueMinor: 5400 },
        { currency: 'EUR', count: 1, valueMinor: 500, weightedValueMinor: 50 },
      ],
    });
  });

  it('filters by owner, close date range and title, figures included', async () => {
    const { api, pipelineId, manager, deals } = await fixture();
    const mine = await api.deals.board({ pipelineId, ownerId: manager.userId });
    expect(mine.summary.count).toBe(1);
    expect(mine.stages.find((s) => s.name === 'Demo')).toMatchObject({ count: 1, value: { valueMinor: 4000 }, conversion: { reached: 1, advanced: 0, rate: 0 } });
    expect(mine.stages.find((s) => s.name === 'Lead')!.conversion).toBeNull();

    const january = await api.deals.board({ pipelineId, closeFrom: '2030-01-01', closeTo: '2030-01-31' });
    expect(january.stages.flatMap((s) => s.deals.map((d) => d.id)).sort()).toEqual([deals.d1.id, deals.d2.id].sort());
    expect(january.stages.find((s) => s.name === 'Lead')!.conversion).toEqual(expect.objectContaining({ reached: 2, advanced: 2, rate: 1 }));

    const alpha = await api.deals.board({ pipelineId, q: 'ALPHA' });
    expect(alpha.summary.count).toBe(2);
    await expect(api.deals.board({ pipelineId, closeFrom: '2030-02-01', closeTo: '2030-01-01' })).rejects.toMatchObject({ message: 'closeTo: must be on or after closeFrom' });

    // A column lists at most perStageLimit deals; its figures still cover all of them.
    const limited = await api.deals.board({ pipelineId, perStageLimit: 1 });
    expect(limited.stages.find((s) => s.name === 'Demo')).toMatchObject({ count: 2, hasMore: true });
    expect(limited.stages.find((s) => s.name === 'Demo')!.deals).toHaveLength(1);
  });

  it('lists deals with filters, sorting and paging', async () => {
    const { api, pipelineId, stages, deals } = await fixture();
    const byValue = await api.deals.list({ pipelineId, sortBy: 'value', sortDir: 'asc', limit: 2, page: 1 });
    expect(byValue).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(byValue.items.map((d) => d.title)).toEqual(['d4 delta', 'd1 alpha']);
    const page3 = await api.deals.list({ pipelineId, sortBy: 'value', sortDir: 'asc', limit: 2, page: 3 });
    expect(page3.items.map((d) => d.title)).toEqual(['d5 alpha']);
    expect((await api.deals.list({ pipelineId, status: 'won' })).items.map((d) => d.id)).toEqual([deals.d1.id]);
    expect((await api.deals.list({ stageId: stages.demo })).total).toBe(2);
    expect((await api.deals.list({ pipelineId, q: 'gam' })).items.map((d) => d.title)).toEqual(['d3 gamma']);
    const byClose = await api.deals.list({ pipelineId, sortBy: 'expectedCloseDate', sortDir: 'desc' });
    expect(byClose.items.slice(0, 3).map((d) => d.expectedCloseDate)).toEqual(['2030-02-10', '2030-01-20', '2030-01-05']);
    expect(byClose.items.slice(3).map((d) => d.expectedCloseDate)).toEqual([null, null]);
    await expect(api.deals.list({ limit: 500 })).rejects.toMatchObject({ message: 'limit: must be between 1 and 100' });
  });
});

describe('owner-only visibility', () => {
  it('shows a Sales Rep only the deals they own when the organization says so, for reads and writes', async () => {
    const { deps, caller, owner, api, pipeline } = await setup();
    const rep = await addMember(deps, owner.organizationId, 'sales_rep', 'rep');
    const repApi = caller(browser(rep.cookie));
    const theirs = await api.deals.create({ title: 'Owner deal' });
    const own = await api.deals.create({ title: 'Rep deal', ownerId: rep.userId });

    // Off by default: the rep sees both.
    expect((await repApi.deals.list({})).total).toBe(2);

    await api.organizations.update({ salesRepsSeeOwnOnly: true });
    expect((await repApi.deals.list({})).items.map((d) => d.id)).toEqual([own.id]);
    const board = await repApi.deals.board({ pipelineId: pipeline.id });
    expect(board.summary.count).toBe(1);
    expect(board.stages.flatMap((s) => s.deals.map((d) => d.id))).toEqual([own.id]);
    expect((await repApi.pipelines.list()).items[0]!.dealCount).toBe(1);
    for (const attempt of [
      () => repApi.deals.get({ id: theirs.id }),
      () => repApi.deals.timeline({ dealId: theirs.id }),
      () => repApi.deals.update({ id: theirs.id, title: 'Mine now' }),
      () => repApi.deals.move({ dealId: theirs.id, stageId: pipeline.stage('Discovery').id }),
      () => repApi.deals.delete({ id: theirs.id }),
      () => repApi.tasks.create({ title: 'Peek', dealId: theirs.id }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await repApi.deals.move({ dealId: own.id, stageId: pipeline.stage('Discovery').id })).stage.name).toBe('Discovery');

    // Managers and everyone else keep seeing all deals.
    expect((await api.deals.list({})).total).toBe(2);
    expect((await api.deals.get({ id: theirs.id })).title).toBe('Owner deal');
  });
});

describe('pipelines and stages', () => {
  it('creates, renames and switches the default pipeline; names are unique', async () => {
    const { api, pipeline } = await setup();
    const partners = await api.pipelines.create({ name: 'Partners' });
    expect(partners).toMatchObject({ name: 'Partners', isDefault: false, position: 1 });
    expect(partners.stages.map((s) => s.name)).toEqual(['Qualified Leads', 'Discovery', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost']);
    await expect(api.pipelines.create({ name: 'partners' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'name: a pipeline with this name already exists' });
    await expect(api.pipelines.create({ name: 'Dup', stages: [{ name: 'A' }, { name: 'a' }] })).rejects.toMatchObject({ message: 'stages.1.name: is used by another stage' });
    await expect(api.pipelines.create({ name: 'Empty', stages: [] })).rejects.toMatchObject({ message: 'stages: must have at least one stage' });

    const renamed = await api.pipelines.update({ id: partners.id, name: 'Channel partners', isDefault: true });
    expect(renamed).toMatchObject({ name: 'Channel partners', isDefault: true });
    const { items } = await api.pipelines.list();
    expect(items.map((p) => [p.name, p.isDefault])).toEqual([
      ['Sales Pipeline', false],
      ['Channel partners', true],
    ]);
    await expect(api.pipelines.update({ id: partners.id, isDefault: false })).rejects.toMatchObject({ message: 'isDefault: make another pipeline the default instead' });
    // A deal without a pipeline goes to the default one.
    expect((await api.deals.create({ title: 'Where?' })).pipelineId).toBe(partners.id);
    await expect(api.pipelines.update({ id: pipeline.id, name: 'Channel Partners' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('edits stages: insert before the closed stages, rename, probability, reorder; kind changes only when empty', async () => {
    const { api, pipeline } = await setup();
    const withDemo = await api.pipelines.createStage({ pipelineId: pipeline.id, name: 'Demo', probability: 60 });
    expect(withDemo.stages.map((s) => [s.name, s.position])).toEqual([
      ['Qualified Leads', 0],
      ['Discovery', 1],
      ['Proposal', 2],
      ['Negotiation', 3],
      ['Demo', 4],
      ['Closed Won', 5],
      ['Closed Lost', 6],
    ]);
    const first = await api.pipelines.createStage({ pipelineId: pipeline.id, name: 'Inbound', position: 0 });
    expect(first.stages[0]).toMatchObject({ name: 'Inbound', probability: 0, kind: 'open' });
    await expect(api.pipelines.createStage({ pipelineId: pipeline.id, name: 'demo' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'name: a stage with this name already exists in this pipeline',
    });

    const demo = withDemo.stages.find((s) => s.name === 'Demo')!;
    const edited = await api.pipelines.updateStage({ id: demo.id, name: 'Live demo', probability: 65 });
    expect(edited.stages.find((s) => s.id === demo.id)).toMatchObject({ name: 'Live demo', probability: 65 });
    const deal = await api.deals.create({ title: 'In demo', stageId: demo.id });
    expect(deal.probability).toBe(65);
    await expect(api.pipelines.updateStage({ id: demo.id, kind: 'won' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'kind: cannot change while the stage holds deals (1); move them first' });
    await expect(api.pipelines.updateStage({ id: demo.id, probability: 101 })).rejects.toMatchObject({ message: 'probability: must be between 0 and 100' });

    const ids = first.stages.map((s) => s.id);
    const reordered = await api.pipelines.reorderStages({ pipelineId: pipeline.id, stageIds: [...ids].reverse() });
    expect(reordered.stages.map((s) => s.id)).toEqual([...ids].reverse());
    await expect(api.pipelines.reorderStages({ pipelineId: pipeline.id, stageIds: ids.slice(1) })).rejects.toMatchObject({ message: 'stageIds: must list every stage of the pipeline exactly once' });
  });

  it('deletes a stage only once its deals are moved to a stage of the same kind', async () => {
    const { api, pipeline } = await setup();
    const deal = await api.deals.create({ title: 'Stuck', stageId: pipeline.stage('Proposal').id });
    await expect(api.pipelines.deleteStage({ id: pipeline.stage('Proposal').id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The stage still has 1 deal; choose another stage of this pipeline to move them to',
    });
    await expect(api.pipelines.deleteStage({ id: pipeline.stage('Proposal').id, moveDealsToStageId: pipeline.stage('Closed Won').id })).rejects.toMatchObject({
      message: 'moveDealsToStageId: must be a stage of the same kind (open)',
    });
    const after = await api.pipelines.deleteStage({ id: pipeline.stage('Proposal').id, moveDealsToStageId: pipeline.stage('Negotiation').id });
    expect(after.stages.map((s) => [s.name, s.position])).toEqual([
      ['Qualified Leads', 0],
      ['Discovery', 1],
      ['Negotiation', 2],
      ['Closed Won', 3],
      ['Closed Lost', 4],
    ]);
    const moved = await api.deals.get({ id: deal.id });
    expect(moved.stage.name).toBe('Negotiation');
    // History of the deleted stage stays, with the stage gone.
    expect(moved.stageHistory.map((h) => [h.fromStage?.name ?? null, h.toStage?.name ?? null])).toEqual([
      [null, null],
      [null, 'Negotiation'],
    ]);
    expect((await api.deals.timeline({ dealId: deal.id })).items[0]).toMatchObject({ type: 'deal_moved', payload: { from: 'Proposal', to: 'Negotiation', reason: 'Stage "Proposal" was deleted' } });
  });

  it('deletes a pipeline only once its deals go to another pipeline, won and lost deals to its won and lost stages', async () => {
    const { api, pipeline } = await setup();
    const target = await api.pipelines.create({ name: 'Target', stages: [{ name: 'Start' }, { name: 'Done', kind: 'won' }] });
    const open = await api.deals.create({ title: 'Open one', stageId: pipeline.stage('Discovery').id });
    const won = await api.deals.create({ title: 'Won one', stageId: pipeline.stage('Closed Won').id });
    await expect(api.pipelines.delete({ id: pipeline.id })).rejects.toMatchObject({ code: 'CONFLICT', message: 'The pipeline still has 2 deals; choose a stage of another pipeline to move them to' });
    await expect(api.pipelines.delete({ id: pipeline.id, moveDealsToStageId: pipeline.stage('Discovery').id })).rejects.toMatchObject({
      message: 'moveDealsToStageId: must be a stage of another pipeline',
    });
    await expect(api.pipelines.delete({ id: pipeline.id, moveDealsToStageId: target.stages[1]!.id })).rejects.toMatchObject({ message: 'moveDealsToStageId: must be an open stage' });

    const lost = await api.deals.create({ title: 'Lost one', stageId: pipeline.stage('Closed Lost').id, lostReason: 'Silence' });
    await expect(api.pipelines.delete({ id: pipeline.id, moveDealsToStageId: target.stages[0]!.id })).rejects.toMatchObject({
      message: 'moveDealsToStageId: its pipeline has no lost stage for the 1 lost deal',
    });
    await api.deals.delete({ id: lost.id });

    expect(await api.pipelines.delete({ id: pipeline.id, moveDealsToStageId: target.stages[0]!.id })).toEqual({ id: pipeline.id });
    expect(await api.deals.get({ id: open.id })).toMatchObject({ pipelineId: target.id, stage: { name: 'Start' }, status: 'open' });
    const stillWon = await api.deals.get({ id: won.id });
    expect(stillWon).toMatchObject({ pipelineId: target.id, stage: { name: 'Done' }, status: 'won' });
    expect(stillWon.wonAt).not.toBeNull();
    // The remaining pipeline became the default, and the last one cannot go.
    const { items } = await api.pipelines.list();
    expect(items.map((p) => [p.name, p.isDefault])).toEqual([['Target', true]]);
    await expect(api.pipelines.delete({ id: target.id })).rejects.toMatchObject({ code: 'CONFLICT', message: 'An organization keeps at least one pipeline; create another before deleting this one' });
  });

  it('needs pipelines:manage to edit pipelines but only deals:read to list them', async () => {
    const { deps, caller, owner, pipeline } = await setup();
    const rep = caller(browser((await addMember(deps, owner.organizationId, 'sales_rep')).cookie));
    expect((await rep.pipelines.list()).items).toHaveLength(1);
    await expect(rep.pipelines.createStage({ pipelineId: pipeline.id, name: 'Nope' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const viewer = caller(browser((await addMember(deps, owner.organizationId, 'viewer')).cookie));
    await expect(viewer.deals.create({ title: 'Nope' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
