import type { Db } from '../../db';
import { scoped } from '../../db/scoped';
import { unknownRecord } from '../../errors';

export type FunnelStep = {
  id: string;
  funnelId: string;
  position: number;
  name: string;
  pageId: string;
  pageTitle: string;
  pagePath: string;
  variants: { id: string; pageId: string; pageTitle: string; pagePath: string; published: boolean; weight: number; winner: boolean }[];
};

/** The funnels' steps in order, each with its variants (control first, then by creation), with their pages. */
export async function loadFunnelSteps(db: Db, organizationId: string, funnelIds: string[]): Promise<FunnelStep[]> {
  if (funnelIds.length === 0) return [];
  const org = scoped(db, organizationId);
  const steps = await org
    .selectFrom('funnel_steps')
    .innerJoin('site_pages', 'site_pages.id', 'funnel_steps.page_id')
    .select(['funnel_steps.id', 'funnel_steps.funnel_id', 'funnel_steps.position', 'funnel_steps.name', 'funnel_steps.page_id', 'site_pages.title', 'site_pages.path'])
    .where('funnel_steps.funnel_id', 'in', funnelIds)
    .orderBy('funnel_steps.funnel_id')
    .orderBy('funnel_steps.position')
    .execute();
  const variants = steps.length
    ? await org
        .selectFrom('funnel_variants')
        .innerJoin('site_pages', 'site_pages.id', 'funnel_variants.page_id')
        .select([
          'funnel_variants.id',
          'funnel_variants.step_id',
          'funnel_variants.page_id',
          'funnel_variants.weight',
          'funnel_variants.winner',
          'site_pages.title',
          'site_pages.path',
          'site_pages.published_version_id',
        ])
        .where(
          'funnel_variants.step_id',
          'in',
          steps.map((s) => s.id),
        )
        .orderBy('funnel_variants.created_at')
        .orderBy('funnel_variants.id')
        .execute()
    : [];
  // Positions as each funnel's order (0, 1, …): deleting a step's page deletes the step and leaves a gap in the stored ones.
  const orderIn = new Map<string, number>();
  return steps.map((s) => ({
    id: s.id,
    funnelId: s.funnel_id,
    position: orderIn.set(s.funnel_id, (orderIn.get(s.funnel_id) ?? -1) + 1).get(s.funnel_id)!,
    name: s.name,
    pageId: s.page_id,
    pageTitle: s.title,
    pagePath: s.path,
    variants: variants
      .filter((v) => v.step_id === s.id)
      .sort((a, b) => Number(b.page_id === s.page_id) - Number(a.page_id === s.page_id))
      .map((v) => ({ id: v.id, pageId: v.page_id, pageTitle: v.title, pagePath: v.path, published: v.published_version_id !== null, weight: v.weight, winner: v.winner })),
  }));
}

export async function requireFunnel(db: Db, organizationId: string, funnelId: string) {
  const funnel = await scoped(db, organizationId).selectFrom('funnels').selectAll().where('id', '=', funnelId).executeTakeFirst();
  if (!funnel) throw unknownRecord('funnelId', 'no such funnel');
  return funnel;
}

export async function requireStep(db: Db, organizationId: string, stepId: string) {
  const step = await scoped(db, organizationId)
    .selectFrom('funnel_steps')
    .innerJoin('funnels', 'funnels.id', 'funnel_steps.funnel_id')
    .select(['funnel_steps.id', 'funnel_steps.funnel_id', 'funnel_steps.position', 'funnel_steps.page_id', 'funnels.site_id'])
    .where('funnel_steps.id', '=', stepId)
    .executeTakeFirst();
  if (!step) throw unknownRecord('stepId', 'no such funnel step');
  return step;
}

/** A page of the funnel's site (another site's page, or another organization's, is not found). */
export async function requireSitePage(db: Db, organizationId: string, siteId: string, pageId: string) {
  const page = await scoped(db, organizationId).selectFrom('site_pages').select(['id', 'title']).where('id', '=', pageId).where('site_id', '=', siteId).executeTakeFirst();
  if (!page) throw unknownRecord('pageId', "no such page in the funnel's site");
  return page;
}
