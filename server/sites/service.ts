import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError, fieldError } from '../errors';
import { assertPermission } from '../kernel/access';
import type { OrgContext } from '../kernel/context';
import { emptyPageData, type PageData } from './blocks/schema';
import { blockContextOf } from './publish';
import { pageDataOf, pageStatus, pageUrl, requirePage, requireSite, siteBaseUrl, siteSettingsOf, verifiedDomains } from './repo';
import type { TCreatePageInput, TCreateSiteInput, TSaveDraftInput, TUpdatePageInput, TUpdateSiteInput, ZPageIdInput, ZSiteIdInput } from './schema';
import { FUNNEL_TEMPLATES, PAGE_TEMPLATES, pageTemplate } from './templates';
import { assertWithinLimit } from '../plans/limits';

/** Websites (issue #20): sites and their pages, as the editor and the sites screen use them. */

const DEFAULT_HOME_TEMPLATE = 'landing';
const THANK_YOU_TEMPLATE = 'thank-you';

const handleTaken = () =>
  new DomainError('CONFLICT', 'handle: is already used by another site (handles are unique across Switchboard)', { issues: [{ path: 'handle', message: 'is already used by another site' }] });
const pathTaken = () => new DomainError('CONFLICT', 'path: this site already has a page at this path', { issues: [{ path: 'path', message: 'is already used by another page of this site' }] });

export function templateOf(templateId: string) {
  const template = pageTemplate(templateId);
  if (!template) throw fieldError('templateId', `must be one of ${PAGE_TEMPLATES.map((t) => t.id).join(', ')}`);
  return template;
}

/** A handle made from the site's name ('site' when it has no letters), numbered when another site has it. */
function handleBase(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 34)
    .replace(/^-+|-+$/g, '');
  return base.length >= 3 ? base : `site-${base || 'home'}`.replace(/-+$/, '');
}

export function templates() {
  return {
    pages: PAGE_TEMPLATES.map((t) => ({ id: t.id, name: t.name, description: t.description })),
    funnels: FUNNEL_TEMPLATES.map((f) => ({ id: f.id, industry: f.industry, name: f.name, stepCount: f.steps.length })),
  };
}

/** Inserts a site under a free handle: the one asked for (CONFLICT when taken), else its name's, numbered. */
export async function insertSite(trx: Db, organizationId: string, name: string, handle: string | undefined): Promise<{ id: string; handle: string }> {
  const candidates = handle ? [handle] : Array.from({ length: 50 }, (_, i) => (i === 0 ? handleBase(name) : `${handleBase(name)}-${i + 1}`));
  for (const candidate of candidates) {
    const row = await scoped(trx, organizationId)
      .insertInto('sites', { name, handle: candidate, settings: JSON.stringify({}) })
      .onConflict((oc) => oc.column('handle').doNothing())
      .returning(['id', 'handle'])
      .executeTakeFirst();
    if (row) return row;
  }
  throw handleTaken();
}

export async function insertPage(trx: Db, organizationId: string, siteId: string, page: { path: string; title: string; description?: string; data: PageData }) {
  const row = await scoped(trx, organizationId)
    .insertInto('site_pages', { site_id: siteId, path: page.path, title: page.title, description: page.description ?? '', draft: JSON.stringify(page.data), draft_updated_at: new Date() })
    .onConflict((oc) => oc.columns(['site_id', 'path']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw pathTaken();
  return row.id;
}

export async function createSite(ctx: OrgContext, input: TCreateSiteInput) {
  const home = templateOf(input.templateId ?? DEFAULT_HOME_TEMPLATE);
  const thanks = templateOf(THANK_YOU_TEMPLATE);
  return ctx.db.transaction().execute(async (trx) => {
    await assertWithinLimit(trx, ctx.organizationId, 'websites');
    const site = await insertSite(trx, ctx.organizationId, input.name, input.handle);
    await insertPage(trx, ctx.organizationId, site.id, { path: '/', title: home.title, description: home.pageDescription, data: home.data });
    if (home.path !== thanks.path) await insertPage(trx, ctx.organizationId, site.id, { path: thanks.path, title: thanks.title, description: thanks.pageDescription, data: thanks.data });
    return { id: site.id };
  });
}

type PageRow = { id: string; site_id: string; path: string; title: string; published_version_id: string | null; draft_equals_live: boolean | null; published_at: Date | null; updated_at: Date };

async function pagesOf(db: Db, organizationId: string, siteIds: string[]): Promise<PageRow[]> {
  if (siteIds.length === 0) return [];
  return scoped(db, organizationId)
    .selectFrom('site_pages')
    .leftJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
    .select([
      'site_pages.id',
      'site_pages.site_id',
      'site_pages.path',
      'site_pages.title',
      'site_pages.published_version_id',
      'site_pages.updated_at',
      'site_page_versions.published_at',
      sql<boolean | null>`site_pages.draft = site_page_versions.data`.as('draft_equals_live'),
    ])
    .where('site_pages.site_id', 'in', siteIds)
    .orderBy('site_pages.path')
    .execute();
}

const pageSummary = (base: string, p: PageRow) => ({
  id: p.id,
  path: p.path,
  title: p.title,
  status: pageStatus(p.published_version_id, p.draft_equals_live),
  url: pageUrl(base, p.path),
  publishedAt: p.published_at ? p.published_at.toISOString() : null,
  updatedAt: p.updated_at.toISOString(),
});

export async function listSites(ctx: OrgContext) {
  const sites = await scoped(ctx.db, ctx.organizationId).selectFrom('sites').select(['id', 'name', 'handle', 'updated_at']).orderBy('name').orderBy('id').execute();
  const ids = sites.map((s) => s.id);
  const [pages, domains, verified] = await Promise.all([
    pagesOf(ctx.db, ctx.organizationId, ids),
    ids.length ? scoped(ctx.db, ctx.organizationId).selectFrom('site_domains').select(['id', 'site_id', 'domain', 'verified_at']).where('site_id', 'in', ids).orderBy('domain').execute() : [],
    verifiedDomains(ctx.db, ctx.organizationId, ids),
  ]);
  return sites.map((s) => {
    const own = pages.filter((p) => p.site_id === s.id);
    return {
      id: s.id,
      name: s.name,
      handle: s.handle,
      url: siteBaseUrl(ctx.deps.config.publicUrl, s.handle, verified.get(s.id)),
      pageCount: own.length,
      publishedCount: own.filter((p) => p.published_version_id).length,
      domains: domains.filter((d) => d.site_id === s.id).map((d) => ({ id: d.id, domain: d.domain, verified: d.verified_at !== null })),
      updatedAt: s.updated_at.toISOString(),
    };
  });
}

/** GET /api/v1/sites: every site with its pages (status and public URL). */
export async function listSitesWithPages(ctx: OrgContext) {
  const sites = await scoped(ctx.db, ctx.organizationId).selectFrom('sites').select(['id', 'name', 'handle']).orderBy('name').orderBy('id').execute();
  const ids = sites.map((s) => s.id);
  const [pages, domains, verified] = await Promise.all([
    pagesOf(ctx.db, ctx.organizationId, ids),
    ids.length ? scoped(ctx.db, ctx.organizationId).selectFrom('site_domains').select(['site_id', 'domain', 'verified_at']).where('site_id', 'in', ids).orderBy('domain').execute() : [],
    verifiedDomains(ctx.db, ctx.organizationId, ids),
  ]);
  return {
    items: sites.map((s) => {
      const base = siteBaseUrl(ctx.deps.config.publicUrl, s.handle, verified.get(s.id));
      return {
        id: s.id,
        name: s.name,
        handle: s.handle,
        url: base,
        domains: domains.filter((d) => d.site_id === s.id).map((d) => ({ domain: d.domain, verified: d.verified_at !== null })),
        pages: pages
          .filter((p) => p.site_id === s.id)
          .map((p) => {
            const { id, path, title, status, url, publishedAt } = pageSummary(base, p);
            return { id, path, title, status, url, publishedAt };
          }),
      };
    }),
  };
}

export async function getSite(ctx: OrgContext, { siteId }: z.output<typeof ZSiteIdInput>) {
  const site = await requireSite(ctx.db, ctx.organizationId, siteId);
  const [pages, domains, verified] = await Promise.all([
    pagesOf(ctx.db, ctx.organizationId, [site.id]),
    scoped(ctx.db, ctx.organizationId).selectFrom('site_domains').selectAll().where('site_id', '=', site.id).orderBy('domain').execute(),
    verifiedDomains(ctx.db, ctx.organizationId, [site.id]),
  ]);
  const base = siteBaseUrl(ctx.deps.config.publicUrl, site.handle, verified.get(site.id));
  return {
    id: site.id,
    name: site.name,
    handle: site.handle,
    url: base,
    settings: siteSettingsOf(site.settings),
    pages: pages.map((p) => pageSummary(base, p)),
    domains: domains.map((d) => ({
      id: d.id,
      domain: d.domain,
      verified: d.verified_at !== null,
      verificationToken: d.verification_token,
      verifiedAt: d.verified_at ? d.verified_at.toISOString() : null,
    })),
  };
}

export async function updateSite(ctx: OrgContext, { siteId, name, handle, settings }: TUpdateSiteInput) {
  const site = await requireSite(ctx.db, ctx.organizationId, siteId);
  const current = siteSettingsOf(site.settings);
  // Custom code runs on the published pages (in a sandboxed frame): only admins write it.
  if (settings?.customHead !== undefined && settings.customHead !== current.customHead) assertPermission(ctx.auth, 'sites:code');
  if (settings?.faviconAssetId) {
    const asset = await scoped(ctx.db, ctx.organizationId).selectFrom('site_assets').select('id').where('id', '=', settings.faviconAssetId).where('site_id', '=', siteId).executeTakeFirst();
    if (!asset) throw fieldError('settings.faviconAssetId', 'must be a picture uploaded to this site');
  }
  // Another organization's site is not visible here: its handle shows only as the unique index's refusal.
  await scoped(ctx.db, ctx.organizationId)
    .updateTable('sites')
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(handle !== undefined ? { handle } : {}),
      ...(settings ? { settings: JSON.stringify({ ...current, ...settings }) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', siteId)
    .execute()
    .catch((error: unknown) => {
      throw (error as { code?: string }).code === '23505' ? handleTaken() : error;
    });
  return { id: siteId };
}

export async function removeSite(ctx: OrgContext, { siteId }: z.output<typeof ZSiteIdInput>) {
  await requireSite(ctx.db, ctx.organizationId, siteId);
  await scoped(ctx.db, ctx.organizationId).deleteFrom('sites').where('id', '=', siteId).execute();
  return { id: siteId };
}

export async function createPage(ctx: OrgContext, { siteId, path, title, templateId }: TCreatePageInput) {
  await requireSite(ctx.db, ctx.organizationId, siteId);
  const template = templateId ? templateOf(templateId) : null;
  const id = await insertPage(ctx.db, ctx.organizationId, siteId, { path, title, description: template?.pageDescription ?? '', data: template?.data ?? emptyPageData() });
  await touchSite(ctx.db, ctx.organizationId, siteId);
  return { id };
}

export async function removePage(ctx: OrgContext, { pageId }: z.output<typeof ZPageIdInput>) {
  const page = await requirePage(ctx.db, ctx.organizationId, pageId);
  await scoped(ctx.db, ctx.organizationId).deleteFrom('site_pages').where('id', '=', pageId).execute();
  await touchSite(ctx.db, ctx.organizationId, page.site_id);
  return { id: pageId };
}

const touchSite = (db: Db, organizationId: string, siteId: string) => scoped(db, organizationId).updateTable('sites').set({ updated_at: new Date() }).where('id', '=', siteId).execute();

export async function getPage(ctx: OrgContext, { pageId }: z.output<typeof ZPageIdInput>) {
  const page = await requirePage(ctx.db, ctx.organizationId, pageId);
  const site = await requireSite(ctx.db, ctx.organizationId, page.site_id);
  const [versions, verified, context, [summary]] = await Promise.all([
    scoped(ctx.db, ctx.organizationId)
      .selectFrom('site_page_versions')
      .leftJoin('users', 'users.id', 'site_page_versions.published_by_user_id')
      .select(['site_page_versions.id', 'site_page_versions.number', 'site_page_versions.published_at', 'users.name as published_by'])
      .where('site_page_versions.page_id', '=', pageId)
      .orderBy('site_page_versions.number', 'desc')
      .execute(),
    verifiedDomains(ctx.db, ctx.organizationId, [site.id]),
    blockContextOf(ctx, site, page.id, 'editor'),
    pagesOf(ctx.db, ctx.organizationId, [site.id]).then((rows) => rows.filter((r) => r.id === pageId)),
  ]);
  const base = siteBaseUrl(ctx.deps.config.publicUrl, site.handle, verified.get(site.id));
  return {
    id: page.id,
    siteId: site.id,
    siteHandle: site.handle,
    path: page.path,
    title: page.title,
    description: page.description,
    ogImage: page.og_image,
    noindex: page.noindex,
    draft: pageDataOf(page.draft),
    draftUpdatedAt: page.draft_updated_at.toISOString(),
    status: pageStatus(page.published_version_id, summary?.draft_equals_live ?? null),
    url: pageUrl(base, page.path),
    versions: versions.map((v) => ({ id: v.id, number: v.number, publishedAt: v.published_at.toISOString(), publishedBy: v.published_by ?? null, live: v.id === page.published_version_id })),
    blockContext: { organization: context.organization, calendars: context.calendars },
  };
}

/** Saves the editor's draft unless someone saved it since the editor loaded it (CONFLICT: their work is not overwritten). */
export async function saveDraft(ctx: OrgContext, { pageId, data, baseUpdatedAt }: TSaveDraftInput) {
  const page = await requirePage(ctx.db, ctx.organizationId, pageId);
  const now = new Date();
  const saved = await scoped(ctx.db, ctx.organizationId)
    .updateTable('site_pages')
    .set({ draft: JSON.stringify(data), draft_updated_at: now, updated_at: now })
    .where('id', '=', pageId)
    // Stored times keep microseconds; the editor's copy has milliseconds.
    .where(sql<Date>`date_trunc('milliseconds', draft_updated_at)`, '=', new Date(baseUpdatedAt))
    .returning('draft_updated_at')
    .executeTakeFirst();
  if (!saved) {
    throw new DomainError('CONFLICT', `baseUpdatedAt: the page was saved by someone else at ${page.draft_updated_at.toISOString()} since you opened it; reload it to see their changes`, {
      issues: [{ path: 'baseUpdatedAt', message: 'is older than the last save of this page' }],
      details: { draftUpdatedAt: page.draft_updated_at.toISOString() },
    });
  }
  return { draftUpdatedAt: saved.draft_updated_at.toISOString() };
}

export async function updatePage(ctx: OrgContext, { pageId, path, title, description, ogImage, noindex }: TUpdatePageInput) {
  const page = await requirePage(ctx.db, ctx.organizationId, pageId);
  if (path !== undefined && path !== page.path) {
    const other = await scoped(ctx.db, ctx.organizationId).selectFrom('site_pages').select('id').where('site_id', '=', page.site_id).where('path', '=', path).executeTakeFirst();
    if (other) throw pathTaken();
  }
  await scoped(ctx.db, ctx.organizationId)
    .updateTable('site_pages')
    .set({
      ...(path !== undefined ? { path } : {}),
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(ogImage !== undefined ? { og_image: ogImage } : {}),
      ...(noindex !== undefined ? { noindex } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', pageId)
    .execute();
  return { id: pageId };
}
