import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFunnel } from '../../server/demo/demo-funnels';
import { countOptIn, pageForVisitor, utcDay } from '../../server/sites/funnel-serve';
import { getTestDatabase } from '../helpers/db';
import { funnelsWorld, newVisitor } from './funnels-helpers';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

type World = Awaited<ReturnType<typeof funnelsWorld>>;

/** A funnel of two steps (opt-in with a variant, thank-you), all pages published. */
async function twoStepFunnel(world: World) {
  const optIn = await world.page('/guide');
  const optInB = await world.page('/guide-b');
  const thanks = await world.page('/guide/thanks');
  const { id: funnelId } = await world.api.funnels.create({ siteId: world.siteId, name: 'Guide' });
  const { id: stepId } = await world.api.funnels.addStep({ funnelId, pageId: optIn, name: 'Opt-in' });
  const { id: thanksStepId } = await world.api.funnels.addStep({ funnelId, pageId: thanks });
  const { id: variantB } = await world.api.funnels.addVariant({ stepId, pageId: optInB });
  const funnel = await world.api.funnels.get({ funnelId });
  const control = funnel.steps[0]!.variants.find((v) => v.pageId === optIn)!.id;
  return { funnelId, stepId, thanksStepId, optIn, optInB, thanks, variantB, control };
}

const serve = (world: World, pageId: string, visitor = newVisitor()) => pageForVisitor(world.db, { organizationId: world.organizationId, pageId, visitor });

describe('funnels: steps, variants and serving', () => {
  it('builds a funnel: steps in order, a variant, moves and removals keep positions dense; bad input names the field', async () => {
    const world = await funnelsWorld();
    const f = await twoStepFunnel(world);
    const funnel = await world.api.funnels.get({ funnelId: f.funnelId });
    expect(funnel.steps.map((s) => [s.position, s.name, s.pageId])).toEqual([
      [0, 'Opt-in', f.optIn],
      [1, 'Page /guide/thanks', f.thanks],
    ]);
    expect(funnel.steps[0]!.variants.map((v) => [v.pageId, v.weight, v.winner])).toEqual([
      [f.optIn, 1, false],
      [f.optInB, 1, false],
    ]);

    await world.api.funnels.moveStep({ stepId: f.thanksStepId, position: 0 });
    expect((await world.api.funnels.get({ funnelId: f.funnelId })).steps.map((s) => s.id)).toEqual([f.thanksStepId, f.stepId]);
    await world.api.funnels.removeStep({ stepId: f.thanksStepId });
    expect((await world.api.funnels.get({ funnelId: f.funnelId })).steps.map((s) => [s.id, s.position])).toEqual([[f.stepId, 0]]);

    const otherSite = await world.db
      .insertInto('sites')
      .values({ organization_id: world.organizationId, name: 'Other', handle: `other-${Date.now()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreignPage = await world.page('/elsewhere', { siteId: otherSite.id });
    await expect(world.api.funnels.addStep({ funnelId: f.funnelId, pageId: foreignPage })).rejects.toMatchObject({ code: 'NOT_FOUND', message: "pageId: no such page in the funnel's site" });
    await expect(world.api.funnels.addVariant({ stepId: f.stepId, pageId: f.optInB })).rejects.toMatchObject({ message: 'pageId: is already a variant of this step' });
    await expect(
      world.api.funnels.setWeights({
        stepId: f.stepId,
        weights: [
          { variantId: f.control, weight: 0 },
          { variantId: f.variantB, weight: 0 },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('weights: must add up to more than 0'),
    });
    await expect(world.api.funnels.rename({ funnelId: f.funnelId, name: ' ' })).rejects.toMatchObject({ message: expect.stringContaining('name: is required') });
  });

  it('creates a funnel from a template: its pages as drafts in the site, one step each', async () => {
    const world = await funnelsWorld();
    const { FUNNEL_TEMPLATES } = await import('../../server/sites/templates');
    const template = FUNNEL_TEMPLATES[0]!;
    const { id } = await world.api.funnels.create({ siteId: world.siteId, name: 'From template', templateId: template.id });
    const funnel = await world.api.funnels.get({ funnelId: id });
    expect(funnel.steps.map((s) => s.pagePath)).toEqual(template.steps.map((s) => s.page.path));
    expect(funnel.pages.filter((p) => funnel.steps.some((s) => s.pageId === p.id)).every((p) => !p.published)).toBe(true);
    // A second one gets free paths.
    const again = await world.api.funnels.get({ funnelId: (await world.api.funnels.create({ siteId: world.siteId, name: 'Again', templateId: template.id })).id });
    expect(again.steps[0]!.pagePath).toBe(`${template.steps[0]!.page.path}-2`);
    await expect(world.api.funnels.create({ siteId: world.siteId, name: 'x', templateId: 'nope' })).rejects.toMatchObject({ message: expect.stringContaining('templateId: must be one of') });

    // "Publish all" makes every draft of the funnel live, once; a second call has nothing left to do.
    expect(await world.api.funnels.publishAll({ funnelId: id })).toEqual({ published: template.steps.length });
    const published = await world.api.funnels.get({ funnelId: id });
    expect(published.steps.every((s) => s.variants.every((v) => v.published))).toBe(true);
    expect(await world.api.funnels.publishAll({ funnelId: id })).toEqual({ published: 0 });
  });

  it('keeps one visitor on one variant, respects the weights over many visitors, and a winner takes everyone', async () => {
    const world = await funnelsWorld();
    const f = await twoStepFunnel(world);
    const visitor = newVisitor();
    const first = await serve(world, f.optIn, visitor);
    for (let i = 0; i < 5; i++) expect(await serve(world, f.optIn, visitor)).toEqual(first);
    // Asking for the variant's own address gives the same sticky answer.
    expect(await serve(world, f.optInB, visitor)).toEqual(first);

    await world.api.funnels.setWeights({
      stepId: f.stepId,
      weights: [
        { variantId: f.control, weight: 1 },
        { variantId: f.variantB, weight: 3 },
      ],
    });
    let toB = 0;
    const n = 400;
    for (let i = 0; i < n; i++) if ((await serve(world, f.optIn)).pageId === f.optInB) toB++;
    expect(toB / n).toBeGreaterThan(0.6);
    expect(toB / n).toBeLessThan(0.9);

    await world.api.funnels.declareWinner({ stepId: f.stepId, variantId: f.control });
    for (let i = 0; i < 50; i++) expect(await serve(world, f.optIn)).toEqual({ pageId: f.optIn });
    await world.api.funnels.declareWinner({ stepId: f.stepId, variantId: null });
    expect((await world.api.funnels.get({ funnelId: f.funnelId })).steps[0]!.variants.every((v) => !v.winner)).toBe(true);

    // A page in no funnel, and a step whose only variant is unpublished, serve what was asked.
    const loose = await world.page('/loose');
    expect(await serve(world, loose)).toEqual({ pageId: loose });
  });

  it('counts a visitor once per variant and day, and never stores the address or user agent', async () => {
    const world = await funnelsWorld();
    const f = await twoStepFunnel(world);
    const visitor = newVisitor();
    for (let i = 0; i < 4; i++) await serve(world, f.optIn, visitor);
    const rows = await world.db.selectFrom('funnel_visits').selectAll().where('funnel_id', '=', f.funnelId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day: utcDay(), opted_in: false });
    expect(JSON.stringify(rows)).not.toContain(visitor.ip);
    expect(JSON.stringify(rows)).not.toContain(visitor.userAgent);
    const salts = await world.db.selectFrom('funnel_secrets').select('name').where('name', 'like', 'visitor:%').execute();
    expect(salts.map((s) => s.name)).toEqual([`visitor:${utcDay()}`]);
  });

  it('stats: visitors, opt-ins, conversion to the next step, significance; the CSV and REST say the same', async () => {
    const world = await funnelsWorld();
    const f = await twoStepFunnel(world);
    await world.api.funnels.declareWinner({ stepId: f.stepId, variantId: f.control });
    // 40 visitors on the control: 10 opt in, 8 of those reach the thank-you page.
    const visitors = Array.from({ length: 40 }, newVisitor);
    for (const [i, v] of visitors.entries()) {
      await serve(world, f.optIn, v);
      if (i < 10) await world.db.transaction().execute((trx) => countOptIn(trx, { organizationId: world.organizationId, pageId: f.optIn, visitor: v }));
      if (i < 8) await serve(world, f.thanks, v);
    }
    // Then 40 on variant B, 30 of whom opt in: B is significantly better.
    await world.api.funnels.declareWinner({ stepId: f.stepId, variantId: f.variantB });
    for (let i = 0; i < 40; i++) {
      const v = newVisitor();
      await serve(world, f.optIn, v);
      if (i < 30) await world.db.transaction().execute((trx) => countOptIn(trx, { organizationId: world.organizationId, pageId: f.optInB, visitor: v }));
    }

    const stats = await world.api.funnels.stats({ funnelId: f.funnelId });
    const [step1, step2] = stats.steps;
    expect(step1).toMatchObject({ visitors: 80, optIns: 40, optInRate: 0.5, converted: 8, conversionRate: 0.1 });
    expect(step1!.variants.map((v) => [v.control, v.visitors, v.optIns, v.significant])).toEqual([
      [true, 40, 10, false],
      [false, 40, 30, true],
    ]);
    expect(step1!.variants[1]!.pValue).toBeLessThan(0.001);
    expect(step2).toMatchObject({ visitors: 8, optIns: 0, converted: null, conversionRate: null });
    expect(step1!.daily).toEqual([{ day: utcDay(), visitors: 80, optIns: 40 }]);
    expect(step1!.variants.map((v) => v.daily)).toEqual([[{ day: utcDay(), visitors: 40, optIns: 10 }], [{ day: utcDay(), visitors: 40, optIns: 30 }]]);

    const { csv } = await world.api.funnels.statsCsv({ funnelId: f.funnelId });
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    const rows = lines.slice(1).map((l) => Object.fromEntries(l.split(',').map((cell, i) => [header[i], cell])));
    expect(rows.filter((r) => r.variant_page === '').map((r) => [r.visitors, r.opt_ins, r.converted])).toEqual(
      stats.steps.map((s) => [String(s.visitors), String(s.optIns), s.converted === null ? '' : String(s.converted)]),
    );
    expect(rows.filter((r) => r.variant_page !== '').map((r) => [r.visitors, r.opt_ins, r.significant])).toEqual(
      stats.steps.flatMap((s) => s.variants.map((v) => [String(v.visitors), String(v.optIns), String(v.significant)])),
    );

    const rest = await world.app.request(`/api/v1/funnels/${f.funnelId}/stats?from=${stats.from}&to=${stats.to}`, { headers: { authorization: `Bearer ${world.key}` } });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual(stats);
    const bad = await world.app.request(`/api/v1/funnels/${f.funnelId}/stats?from=2026-02-01&to=2026-01-01`, { headers: { authorization: `Bearer ${world.key}` } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ field: 'to', message: 'must be on or after from' }] });

    const list = await world.api.funnels.list({});
    expect(list.funnels).toEqual([expect.objectContaining({ id: f.funnelId, visitors: 80, optIns: 40, completionRate: 0.1, stepCount: 2 })]);

    // An empty range reads zeros.
    const empty = await world.api.funnels.stats({ funnelId: f.funnelId, from: '2020-01-01', to: '2020-01-31' });
    expect(empty.steps[0]).toMatchObject({ visitors: 0, optIns: 0, optInRate: 0, converted: 0 });
  });

  it('the demo funnel: two steps on the site with 30 days of visits; its opt-ins are the thank-you page’s visitors', async () => {
    const world = await funnelsWorld();
    await world.page('/');
    await seedDemoFunnel(world.db, world.organizationId);
    const list = await world.api.funnels.list({});
    const [demo] = list.funnels;
    expect(demo).toMatchObject({ name: 'Free consultation', siteId: world.siteId, stepCount: 2 });
    expect(demo!.visitors).toBeGreaterThan(500);
    const stats = await world.api.funnels.stats({ funnelId: demo!.id });
    const [landing, thanks] = stats.steps;
    expect(landing!.optIns).toBeGreaterThan(0);
    expect(landing!.converted).toBe(landing!.optIns);
    expect(thanks!.visitors).toBe(landing!.optIns);
    expect(landing!.daily).toHaveLength(30);
    // The landing's A/B test: variant B's headline ahead of the control, significantly, on its own daily series.
    const [a, b] = landing!.variants;
    expect([a!.control, b!.control]).toEqual([true, false]);
    expect(a!.visitors + b!.visitors).toBe(landing!.visitors);
    expect(b!.optInRate).toBeGreaterThan(a!.optInRate);
    expect(b!.significant).toBe(true);
    expect(b!.daily.reduce((sum, d) => sum + d.visitors, 0)).toBe(b!.visitors);
    expect(b!.daily).toHaveLength(30);
  });

  it('a step whose page is deleted goes with it; the others keep their order, conversion and new steps', async () => {
    const world = await funnelsWorld();
    const [a, b, c, d] = [await world.page('/a'), await world.page('/b'), await world.page('/c'), await world.page('/d')];
    const { id: funnelId } = await world.api.funnels.create({ siteId: world.siteId, name: 'Gap' });
    for (const pageId of [a, b, c]) await world.api.funnels.addStep({ funnelId, pageId });
    const visitor = newVisitor();
    await serve(world, a, visitor);
    await serve(world, c, visitor);
    await world.db.deleteFrom('site_pages').where('id', '=', b).execute();
    await world.api.funnels.addStep({ funnelId, pageId: d });
    const funnel = await world.api.funnels.get({ funnelId });
    expect(funnel.steps.map((s) => [s.position, s.pageId])).toEqual([
      [0, a],
      [1, c],
      [2, d],
    ]);
    const stats = await world.api.funnels.stats({ funnelId });
    expect(stats.steps.map((s) => [s.visitors, s.converted])).toEqual([
      [1, 1],
      [1, 0],
      [0, null],
    ]);
  });
});
