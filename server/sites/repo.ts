import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { migratePageData, type PageData } from './blocks/schema';
import { DEFAULT_SITE_SETTINGS, ZSiteSettings, type PageStatus, type TSiteSettings } from './schema';

/** Site rows and the URLs they are reached at, shared by the service, publishing and the public doors. */

export const siteNotFound = () => new DomainError('NOT_FOUND', 'siteId: no such site', { issues: [{ path: 'siteId', message: 'no such site' }] });
export const pageNotFound = () => new DomainError('NOT_FOUND', 'pageId: no such page', { issues: [{ path: 'pageId', message: 'no such page' }] });

export async function requireSite(db: Db, organizationId: string, siteId: string) {
  const site = await scoped(db, organizationId).selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
  if (!site) throw siteNotFound();
  return site;
}

export async function requirePage(db: Db, organizationId: string, pageId: string) {
  const page = await scoped(db, organizationId).selectFrom('site_pages').selectAll().where('id', '=', pageId).executeTakeFirst();
  if (!page) throw pageNotFound();
  return page;
}

/** Stored settings read through their schema: a value that no longer fits reads as its default, never a 500. */
export function siteSettingsOf(raw: unknown): TSiteSettings {
  const parsed = ZSiteSettings.safeParse(raw ?? {});
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}

/** A stored draft or version as the current page data (migrated); an unreadable one reads as an empty page. */
export function pageDataOf(raw: unknown): PageData {
  return migratePageData(raw);
}

/** Where a site is reached: its verified custom domain, else /s/<handle> on the product's own origin. */
export function siteBaseUrl(publicUrl: string, handle: string, verifiedDomain: string | null | undefined): string {
  return verifiedDomain ? `https://${verifiedDomain}` : `${publicUrl}/s/${handle}`;
}

/** A page's public address under its site's base. */
export const pageUrl = (base: string, path: string) => `${base}${path === '/' ? '/' : path}`;

/** The first verified domain of each site (by verification date): the one its canonical URLs name. */
export async function verifiedDomains(db: Db, organizationId: string, siteIds: string[]): Promise<Map<string, string>> {
  if (siteIds.length === 0) return new Map();
  const rows = await scoped(db, organizationId)
    .selectFrom('site_domains')
    .select(['site_id', 'domain'])
    .where('site_id', 'in', siteIds)
    .where('verified_at', 'is not', null)
    .orderBy('verified_at')
    .orderBy('domain')
    .execute();
  const map = new Map<string, string>();
  for (const row of rows) if (!map.has(row.site_id)) map.set(row.site_id, row.domain);
  return map;
}

/**
 * A page's status: never published, live as drafted, or its draft changed since (jsonb equality:
 * publishing stores the draft's data as it is, so an untouched draft equals its live version).
 */
export function pageStatus(publishedVersionId: string | null, draftEqualsLive: boolean | null): PageStatus {
  if (!publishedVersionId) return 'draft';
  return draftEqualsLive ? 'published' : 'changed';
}
