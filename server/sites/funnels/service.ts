import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db';
import { scoped } from '../../db/scoped';
import { fieldError, unknownRecord } from '../../errors';
import type { OrgContext } from '../../kernel/context';
import { publishPage } from '../publish';
import { insertPage } from '../service';
import { FUNNEL_TEMPLATES } from '../templates';
import { assertWithinLimit } from '../../plans/limits';
import { loadFunnelSteps, requireFunnel, requireSitePage, requireStep } from './repo';
import {
  FUNNEL_LIMITS,
  type ZAddStepInput,
  type ZAddVariantInput,
  type ZCreateFunnelInput,
  type ZDeclareWinnerInput,
  type ZFunnelIdInput,
  type ZFunnelStatsInput,
  type ZListFunnelsInput,
  type ZMoveStepInput,
  type ZRenameFunnelInput,
  type ZSetWeightsInput,
  type ZStepIdInput,
} from './schema';
import { funnelStats, funnelStatsCsv, rangeOf } from './stats';

type Ctx = Pick<OrgContext, 'db' | 'organizationId'>;

/** Funnels with their figures over the range (and the sites and templates a new one may use): first step's visitors, opt-ins of every step, and how many of the first step's visitors reached the last. */
export async function listFunnels(ctx: Ctx, input: z.output<typeof ZListFunnelsInput>) {
  const range = rangeOf(input);
  const funnels = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('funnels')
    .innerJoin('sites', 'sites.id', 'funnels.site_id')
    .select(['funnels.id', 'funnels.name', 'funnels.site_id', 'sites.name as site_name', 'funnels.created_at'])
    .orderBy('funnels.created_at', 'desc')
    .orderBy('funnels.id')
    .execute();
  const stats = await Promise.all(funnels.map((f) => funnelStats(ctx.db, ctx.organizationId, f.id, range)));
  return {
    from: range.from,
    to: range.to,
    funnels: funnels.map((f, i) => {
      const steps = stats[i]!.steps;
      const visitors = steps[0]?.visitors ?? 0;
      const reachedLast = steps.length > 1 ? steps[steps.length - 1]!.visitors : visitors;
      return {
        id: f.id,
        name: f.name,
        siteId: f.site_id,
        siteName: f.site_name,
        stepCount: steps.length,
        visitors,
        optIns: steps.reduce((s, x) => s + x.optIns, 0),
        /** Last step's visitors ÷ first step's, 0–1. */
        completionRate: visitors > 0 ? Math.min(1, reachedLast / visitors) : 0,
        createdAt: f.created_at.toISOString(),
      };
    }),
  };
}

/** A funnel with its steps and variants, and its site's pages (to add steps and variants from). */
export async function getFunnel(ctx: Ctx, { funnelId }: z.output<typeof ZFunnelIdInput>) {
  const funnel = await requireFunnel(ctx.db, ctx.organizationId, funnelId);
  const org = scoped(ctx.db, ctx.organizationId);
  const [site, pages, steps] = await Promise.all([
    org.selectFrom('sites').select(['id', 'name', 'handle']).where('id', '=', funnel.site_id).executeTakeFirstOrThrow(),
    org.selectFrom('site_pages').select(['id', 'title', 'path', 'published_version_id']).where('site_id', '=', funnel.site_id).orderBy('path').execute(),
    loadFunnelSteps(ctx.db, ctx.organizationId, [funnelId]),
  ]);
  return {
    id: funnel.id,
    name: funnel.name,
    site: { id: site.id, name: site.name, handle: site.handle },
    pages: pages.map((p) => ({ id: p.id, title: p.title, path: p.path, published: p.published_version_id !== null })),
    steps,
  };
}

async function requireSite(db: Db, organizationId: string, siteId: string) {
  const site = await scoped(db, organizationId).selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst();
  if (!site) throw unknownRecord('siteId', 'no such site');
}

/** A free path in the site: the template's own, else with -2, -3, … */
async function freePath(trx: Db, organizationId: string, siteId: string, path: string): Promise<string> {
  const taken = new Set(
    (
      await scoped(trx, organizationId)
        .selectFrom('site_pages')
        .select('path')
        .where('site_id', '=', siteId)
        .where((eb) => eb.or([eb('path', '=', path), eb('path', 'like', `${path.replace(/[\\%_]/g, '\\$&')}-%`)]))
        .execute()
    ).map((r) => r.path),
  );
  let candidate = path;
  for (let n = 2; taken.has(candidate); n++) candidate = `${path}-${n}`;
  return candidate;
}

/** Appends a step (its control variant with it) after the funnel's last. */
async function appendStep(trx: Db, organizationId: string, funnelId: string, pageId: string, name: string) {
  const org = scoped(trx, organizationId);
  const { n, last } = await org
    .selectFrom('funnel_steps')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('position').as('last')])
    .where('funnel_id', '=', funnelId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= FUNNEL_LIMITS.steps) throw fieldError('funnelId', `must have at most ${FUNNEL_LIMITS.steps} steps`);
  const step = await org
    .insertInto('funnel_steps', { funnel_id: funnelId, position: last === null ? 0 : Number(last) + 1, name, page_id: pageId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await org.insertInto('funnel_variants', { step_id: step.id, page_id: pageId, weight: 1 }).execute();
  return step.id;
}

/**
 * A funnel on one of the organization's sites: blank, or from a FUNNEL_TEMPLATES entry whose pages
 * are created in the site as drafts, one step each: a template's copy is read before visitors see it
 * (the funnel screen says the pages are drafts and offers publishAll; decision 042).
 */
export async function createFunnel(ctx: Ctx, input: z.output<typeof ZCreateFunnelInput>) {
  await requireSite(ctx.db, ctx.organizationId, input.siteId);
  const template = input.templateId === undefined ? undefined : FUNNEL_TEMPLATES.find((t) => t.id === input.templateId);
  if (input.templateId !== undefined && !template) throw fieldError('templateId', `must be one of ${FUNNEL_TEMPLATES.map((t) => t.id).join(', ')}`);
  return ctx.db.transaction().execute(async (trx) => {
    await assertWithinLimit(trx, ctx.organizationId, 'funnels');
    const org = scoped(trx, ctx.organizationId);
    const funnel = await org.insertInto('funnels', { site_id: input.siteId, name: input.name }).returning('id').executeTakeFirstOrThrow();
    for (const step of template?.steps ?? []) {
      const path = await freePath(trx, ctx.organizationId, input.siteId, step.page.path);
      const pageId = await insertPage(trx, ctx.organizationId, input.siteId, { path, title: step.page.title, description: step.page.description, data: step.page.data });
      await appendStep(trx, ctx.organizationId, funnel.id, pageId, step.name);
    }
    return { id: funnel.id };
  });
}

/** Publishes every page of the funnel's steps that was never published (the template's drafts); pages already live stay as they are. */
export async function publishAllPages(ctx: OrgContext, { funnelId }: z.output<typeof ZFunnelIdInput>) {
  await requireFunnel(ctx.db, ctx.organizationId, funnelId);
  const pages = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('funnel_variants')
    .innerJoin('funnel_steps', 'funnel_steps.id', 'funnel_variants.step_id')
    .innerJoin('site_pages', 'site_pages.id', 'funnel_variants.page_id')
    .select('site_pages.id')
    .distinct()
    .where('funnel_steps.funnel_id', '=', funnelId)
    .where('site_pages.published_version_id', 'is', null)
    .execute();
  for (const page of pages) await publishPage(ctx, { pageId: page.id });
  return { published: pages.length };
}

export async function renameFunnel(ctx: Ctx, { funnelId, name }: z.output<typeof ZRenameFunnelInput>) {
  await requireFunnel(ctx.db, ctx.organizationId, funnelId);
  await scoped(ctx.db, ctx.organizationId)
    .updateTable('funnels')
    .set({ name, updated_at: sql`now()` })
    .where('id', '=', funnelId)
    .execute();
  return { id: funnelId };
}

/** Removes the funnel, its steps and their counts; the pages stay in the site. */
export async function removeFunnel(ctx: Ctx, { funnelId }: z.output<typeof ZFunnelIdInput>) {
  await requireFunnel(ctx.db, ctx.organizationId, funnelId);
  await scoped(ctx.db, ctx.organizationId).deleteFrom('funnels').where('id', '=', funnelId).execute();
  return { id: funnelId };
}

export async function addStep(ctx: Ctx, input: z.output<typeof ZAddStepInput>) {
  const funnel = await requireFunnel(ctx.db, ctx.organizationId, input.funnelId);
  const page = await requireSitePage(ctx.db, ctx.organizationId, funnel.site_id, input.pageId);
  return ctx.db.transaction().execute(async (trx) => {
    // One step added at a time per funnel, so positions stay dense.
    await sql`select pg_advisory_xact_lock(hashtext(${`funnel:${input.funnelId}`}))`.execute(trx);
    return { id: await appendStep(trx, ctx.organizationId, input.funnelId, page.id, input.name ?? page.title) };
  });
}

/** Rewrites the funnel's positions 0..n-1 in the given order. */
async function renumber(trx: Db, organizationId: string, stepIds: string[]) {
  for (const [position, id] of stepIds.entries()) await scoped(trx, organizationId).updateTable('funnel_steps').set({ position }).where('id', '=', id).execute();
}

async function orderedStepIds(trx: Db, organizationId: string, funnelId: string): Promise<string[]> {
  await sql`select pg_advisory_xact_lock(hashtext(${`funnel:${funnelId}`}))`.execute(trx);
  const rows = await scoped(trx, organizationId).selectFrom('funnel_steps').select('id').where('funnel_id', '=', funnelId).orderBy('position').orderBy('created_at').execute();
  return rows.map((r) => r.id);
}

export async function moveStep(ctx: Ctx, { stepId, position }: z.output<typeof ZMoveStepInput>) {
  const step = await requireStep(ctx.db, ctx.organizationId, stepId);
  await ctx.db.transaction().execute(async (trx) => {
    const ids = (await orderedStepIds(trx, ctx.organizationId, step.funnel_id)).filter((id) => id !== stepId);
    if (position > ids.length) throw fieldError('position', `must be at most ${ids.length}`);
    ids.splice(position, 0, stepId);
    await renumber(trx, ctx.organizationId, ids);
  });
  return { id: stepId };
}

export async function removeStep(ctx: Ctx, { stepId }: z.output<typeof ZStepIdInput>) {
  const step = await requireStep(ctx.db, ctx.organizationId, stepId);
  await ctx.db.transaction().execute(async (trx) => {
    const ids = await orderedStepIds(trx, ctx.organizationId, step.funnel_id);
    await scoped(trx, ctx.organizationId).deleteFrom('funnel_steps').where('id', '=', stepId).execute();
    await renumber(
      trx,
      ctx.organizationId,
      ids.filter((id) => id !== stepId),
    );
  });
  return { id: stepId };
}

/** Another page of the site as a variant of the step, weighted 1 like the control until setWeights. */
export async function addVariant(ctx: Ctx, { stepId, pageId }: z.output<typeof ZAddVariantInput>) {
  const step = await requireStep(ctx.db, ctx.organizationId, stepId);
  await requireSitePage(ctx.db, ctx.organizationId, step.site_id, pageId);
  const org = scoped(ctx.db, ctx.organizationId);
  const variants = await org.selectFrom('funnel_variants').select('page_id').where('step_id', '=', stepId).execute();
  if (variants.some((v) => v.page_id === pageId)) throw fieldError('pageId', 'is already a variant of this step');
  if (variants.length >= FUNNEL_LIMITS.variants) throw fieldError('stepId', `must have at most ${FUNNEL_LIMITS.variants} variants`);
  const variant = await org.insertInto('funnel_variants', { step_id: stepId, page_id: pageId, weight: 1 }).returning('id').executeTakeFirstOrThrow();
  return { id: variant.id };
}

/** The step's weights; a variant not named keeps its weight, and the step's total must stay above 0. */
export async function setWeights(ctx: Ctx, { stepId, weights }: z.output<typeof ZSetWeightsInput>) {
  await requireStep(ctx.db, ctx.organizationId, stepId);
  await ctx.db.transaction().execute(async (trx) => {
    const org = scoped(trx, ctx.organizationId);
    const variants = await org.selectFrom('funnel_variants').select(['id', 'weight']).where('step_id', '=', stepId).forUpdate().execute();
    const known = new Map(variants.map((v) => [v.id, v.weight]));
    for (const [i, w] of weights.entries()) if (!known.has(w.variantId)) throw unknownRecord(`weights.${i}.variantId`, 'no such variant of this step');
    for (const w of weights) known.set(w.variantId, w.weight);
    if ([...known.values()].reduce((s, w) => s + w, 0) <= 0) throw fieldError('weights', 'must add up to more than 0');
    for (const w of weights) await org.updateTable('funnel_variants').set({ weight: w.weight }).where('id', '=', w.variantId).execute();
  });
  return { id: stepId };
}

/** The winner takes every visitor of the step (null: back to the weights). */
export async function declareWinner(ctx: Ctx, { stepId, variantId }: z.output<typeof ZDeclareWinnerInput>) {
  await requireStep(ctx.db, ctx.organizationId, stepId);
  await ctx.db.transaction().execute(async (trx) => {
    const org = scoped(trx, ctx.organizationId);
    if (variantId !== null) {
      const variant = await org.selectFrom('funnel_variants').select('id').where('id', '=', variantId).where('step_id', '=', stepId).executeTakeFirst();
      if (!variant) throw unknownRecord('variantId', 'no such variant of this step');
    }
    await org
      .updateTable('funnel_variants')
      .set({ winner: sql<boolean>`coalesce(id = ${variantId}::uuid, false)` })
      .where('step_id', '=', stepId)
      .execute();
  });
  return { id: stepId };
}

export async function stats(ctx: Ctx, input: z.output<typeof ZFunnelStatsInput>) {
  await requireFunnel(ctx.db, ctx.organizationId, input.funnelId);
  return funnelStats(ctx.db, ctx.organizationId, input.funnelId, rangeOf(input));
}

export async function statsCsv(ctx: Ctx, input: z.output<typeof ZFunnelStatsInput>) {
  const figures = await stats(ctx, input);
  return { filename: `funnel-${figures.from}-${figures.to}.csv`, csv: funnelStatsCsv(figures) };
}
