import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';
import { readBookingHandle, bookingUrl } from '../calendars/repo';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError, issuesFromZod } from '../errors';
import { publishEvent } from '../events/publish';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { readSettings } from '../organizations/settings';
import type { BlockContext } from './blocks/context';
import { CANONICAL_BASE } from './canonical';
import { renderPageDocument } from './blocks/document';
import { ISLAND_NAMES, ISLANDS, type IslandName } from './blocks/islands';
import { migratePageData, ZPageData, type PageData } from './blocks/schema';
import { pageUrl, requirePage, requireSite, siteBaseUrl, siteSettingsOf, verifiedDomains } from './repo';

/**
 * Publishing (issue #20): a page's draft becomes an immutable version (its data, its HTML and the
 * HTML's hash as ETag) that the public doors serve, and any version can be made live again.
 */

/** Each island script's path, the same on the product's origin and on custom domains (the forms island's predates the others). */
export const ISLAND_PATHS: Record<IslandName, string> = { forms: '/s/_islands.js', countdown: '/s/_countdown.js' };
/** Each island script's address in a page: versioned by its content, so it is cached for good. */
const islandSrc = (name: IslandName) => `${ISLAND_PATHS[name]}?v=${createHash('sha256').update(ISLANDS[name].script).digest('hex').slice(0, 12)}`;
export const ISLAND_SRC = Object.fromEntries(ISLAND_NAMES.map((name) => [name, islandSrc(name)])) as Record<IslandName, string>;

/** Where a version's custom code is served, under its site's root (public.ts): `<site>/_code/<version id>`. */
export const CODE_SEGMENT = '_code';

/** The Payment block's order pages, on the product's origin (server/billing/site-checkout.ts). */
export const PAY_PATH = '/api/pay';

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * How a page reaches its site's root, relatively: the same HTML is served at /s/<handle>/<path> and
 * at <domain>/<path>, so its form actions and picture addresses are relative (a page at '/a/b' is
 * in the directory '/a/', one level below the root). Paths are served without a trailing slash,
 * the home page with one.
 */
export function rootPrefix(path: string): string {
  const depth = path === '/' ? 0 : path.split('/').length - 2;
  return depth === 0 ? './' : '../'.repeat(depth);
}

/** A site-relative link ('/pricing') as seen from a page; other links as they are. */
export function siteLink(fromPath: string, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  return `${rootPrefix(fromPath)}${href.slice(1)}`;
}

/** Who publishes: the organization's database and the product's origin (booking links, canonical URLs). */
export type Org = { db: Db; organizationId: string; deps: { config: Pick<AppDeps['config'], 'publicUrl'> } };

/** What the blocks need: the organization's details (name, postal address, business phone, reply-to address), its active calendars with their booking pages, where forms post. */
export async function blockContextOf(org: Org, _site: { id: string }, page: { id: string; path: string } | string, mode: BlockContext['mode'], now = new Date()): Promise<BlockContext> {
  const { db, organizationId } = org;
  const path = typeof page === 'string' ? '/' : page.path;
  const pageId = typeof page === 'string' ? page : page.id;
  const [organization, settings, handle, calendars] = await Promise.all([
    db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow(),
    readSettings(db, organizationId),
    readBookingHandle(db, organizationId),
    scoped(db, organizationId).selectFrom('calendars').select(['id', 'name', 'slug']).where('active', '=', true).orderBy('name').orderBy('id').execute(),
  ]);
  const email = settings.email.replyTo ?? settings.email.fromAddress;
  const prefix = rootPrefix(path);
  return {
    mode,
    organization: {
      name: organization.name,
      ...(settings.email.postalAddress ? { address: settings.email.postalAddress } : {}),
      ...(settings.phone ? { phone: settings.phone } : {}),
      ...(email ? { email } : {}),
    },
    calendars: handle ? calendars.map((c) => ({ id: c.id, name: c.name, bookingUrl: bookingUrl(org.deps.config.publicUrl, handle, c.slug) })) : [],
    formAction: (blockId) => `${prefix}_form/${pageId}/${encodeURIComponent(blockId)}`,
    assetUrl: (id) => `${prefix}_assets/${id}`,
    ...(mode === 'published' ? { payHref: (blockId: string) => `${org.deps.config.publicUrl}${PAY_PATH}/${pageId}/${encodeURIComponent(blockId)}` } : {}),
    siteHref: (href) => siteLink(path, href),
    now,
  };
}

type SiteRow = { id: string; name: string; handle: string; settings: unknown };
type PageRow = { id: string; path: string; title: string; description: string; og_image: string | null; noindex: boolean };

/** The version a page is rendered as: its id, and the custom code published with it (null: none). */
export type VersionCode = { id: string; customCode: string | null };

/**
 * The whole document of a page's data as `version` (when published, and re-rendered with a native
 * form post's errors); its canonical addresses name CANONICAL_BASE, put in when served (./canonical.ts).
 */
export async function renderPage(org: Org, site: SiteRow, page: PageRow, data: PageData, version: VersionCode, extra: Partial<Pick<BlockContext, 'formState' | 'now'>> = {}): Promise<string> {
  const ctx = { ...(await blockContextOf(org, site, page, 'published', extra.now)), ...(extra.formState ? { formState: extra.formState } : {}) };
  const settings = siteSettingsOf(site.settings);
  const prefix = rootPrefix(page.path);
  return renderPageDocument({
    data,
    ctx,
    page: { title: page.title, description: page.description, ...(page.og_image ? { ogImage: page.og_image } : {}), noindex: page.noindex, canonicalUrl: pageUrl(CANONICAL_BASE, page.path) },
    site: {
      name: site.name,
      homeUrl: prefix,
      ...(settings.faviconAssetId ? { faviconUrl: `${prefix}_assets/${settings.faviconAssetId}` } : {}),
      headerLinks: settings.headerLinks.map((l) => ({ label: l.label, href: siteLink(page.path, l.href) })),
      ...(settings.footerText ? { footerText: settings.footerText } : {}),
      ...(version.customCode ? { customCodeSrc: `${prefix}${CODE_SEGMENT}/${version.id}` } : {}),
      ...(settings.brandColor ? { brandColor: settings.brandColor } : {}),
    },
    islandSrc: ISLAND_SRC,
  });
}

/** The draft as current, valid page data; VALIDATION naming the block's field when it is not. */
export function publishableData(draft: unknown): PageData {
  const result = ZPageData.safeParse(migratePageData(draft));
  if (!result.success) {
    const issues = issuesFromZod(result.error).map((i) => ({ path: i.path ? `data.${i.path}` : 'data', message: i.message }));
    throw new DomainError('VALIDATION', `${issues[0]!.path}: ${issues[0]!.message}`, { issues });
  }
  return result.data;
}

/**
 * Renders the page's data and stores it as the page's next version, live (in the caller's
 * transaction); the draft keeps its save time (an open editor stays current) and takes the data as
 * published (migrated), so an untouched draft equals its live version.
 */
export async function storeVersion(trx: Db, org: Org, site: SiteRow, page: PageRow, data: PageData, publishedBy: string | null, now = new Date()) {
  // The site's custom code as it is now is this version's, for good (served at its own address, by the version's id).
  const version: VersionCode = { id: randomUUID(), customCode: siteSettingsOf(site.settings).customHead.trim() || null };
  const html = await renderPage({ ...org, db: trx }, site, page, data, version, { now });
  const etag = sha256Hex(html);
  // The page's row lock orders concurrent publishes: each takes the next number.
  await scoped(trx, org.organizationId).updateTable('site_pages').set({ updated_at: now }).where('id', '=', page.id).execute();
  const last = await scoped(trx, org.organizationId)
    .selectFrom('site_page_versions')
    .select(sql<number | null>`max(number)`.as('number'))
    .where('page_id', '=', page.id)
    .executeTakeFirst();
  const number = (last?.number ?? 0) + 1;
  const row = await scoped(trx, org.organizationId)
    .insertInto('site_page_versions', {
      id: version.id,
      page_id: page.id,
      number,
      data: JSON.stringify(data),
      html,
      etag,
      custom_code: version.customCode,
      published_at: now,
      published_by_user_id: publishedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await scoped(trx, org.organizationId)
    .updateTable('site_pages')
    .set({ published_version_id: row.id, draft: JSON.stringify(data) })
    .where('id', '=', page.id)
    .execute();
  return { id: row.id, number, etag };
}

export async function publishPage(ctx: OrgContext, { pageId }: { pageId: string }) {
  const page = await requirePage(ctx.db, ctx.organizationId, pageId);
  const site = await requireSite(ctx.db, ctx.organizationId, page.site_id);
  const data = publishableData(page.draft);
  const version = await ctx.db.transaction().execute(async (trx) => {
    const stored = await storeVersion(trx, ctx, site, page, data, actorIdOf(ctx));
    await publishEvent(trx, {
      organizationId: ctx.organizationId,
      type: 'site_page_published',
      payload: { siteId: site.id, pageId, versionId: stored.id, number: stored.number },
      actorUserId: actorIdOf(ctx),
    });
    return stored;
  });
  const verified = await verifiedDomains(ctx.db, ctx.organizationId, [site.id]);
  return { versionId: version.id, number: version.number, url: pageUrl(siteBaseUrl(ctx.deps.config.publicUrl, site.handle, verified.get(site.id)), page.path) };
}

/** Makes an earlier version live again, and its data the draft (the editor opens what is live). */
export async function revertPage(ctx: OrgContext, { pageId, versionId }: { pageId: string; versionId: string }) {
  const page = await requirePage(ctx.db, ctx.organizationId, pageId);
  const version = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('site_page_versions')
    .select(['id', 'number', 'data'])
    .where('id', '=', versionId)
    .where('page_id', '=', pageId)
    .executeTakeFirst();
  if (!version) throw new DomainError('NOT_FOUND', 'versionId: no such version of this page', { issues: [{ path: 'versionId', message: 'no such version of this page' }] });
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    await scoped(trx, ctx.organizationId)
      .updateTable('site_pages')
      .set({ published_version_id: version.id, draft: JSON.stringify(version.data), draft_updated_at: now, updated_at: now })
      .where('id', '=', pageId)
      .execute();
    await publishEvent(trx, {
      organizationId: ctx.organizationId,
      type: 'site_page_published',
      payload: { siteId: page.site_id, pageId, versionId: version.id, number: version.number, reverted: true },
      actorUserId: actorIdOf(ctx),
    });
  });
  return { versionId: version.id, number: version.number, draftUpdatedAt: now.toISOString() };
}
