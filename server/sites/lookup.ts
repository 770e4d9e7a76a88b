import type { AppDeps } from '../deps';
import { siteBaseUrl } from './repo';
import { SITE_HANDLE } from './schema';

/**
 * A site as the public doors reach it: by handle (`base` = /s/<handle>) or by its custom domain
 * (`base` = ''); `canonicalBase` is its one address now, whichever way it was reached (its first
 * verified domain, else /s/<handle> on the product's origin: repo.ts siteBaseUrl).
 */
export type PublicSite = { id: string; organizationId: string; handle: string; name: string; settings: unknown; base: string; canonicalBase: string };

/** A page's live version; inFunnel: the page is a funnel step's variant (its visitor is counted and may see another variant). */
export type Live = { pageId: string; versionId: string; etag: string; inFunnel?: boolean };

export type SiteAddress = { handle: string } | { domain: string };

/**
 * The site (by handle, or by verified domain) and, in the same indexed query, the live version of
 * the page at `path` (null when there is no such page or it is not published).
 */
export async function findSite(deps: AppDeps, by: SiteAddress, path: string): Promise<(PublicSite & { live: Live | null }) | null> {
  if ('handle' in by && !SITE_HANDLE.test(by.handle)) return null;
  const base = deps.database.db
    .selectFrom('sites')
    .leftJoin('site_pages', (join) => join.onRef('site_pages.site_id', '=', 'sites.id').on('site_pages.path', '=', path))
    .leftJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
    .select(['sites.id', 'sites.organization_id', 'sites.handle', 'sites.name', 'sites.settings', 'site_pages.id as pageId', 'site_page_versions.id as versionId', 'site_page_versions.etag'])
    // In the same query, so a page in no funnel is answered without another statement.
    .select((eb) => eb.exists(eb.selectFrom('funnel_variants').select('funnel_variants.id').whereRef('funnel_variants.page_id', '=', 'site_pages.id')).as('inFunnel'))
    // The canonical domain: the first verified (repo.ts verifiedDomains' order).
    .select((eb) =>
      eb
        .selectFrom('site_domains as canonical')
        .select('canonical.domain')
        .whereRef('canonical.site_id', '=', 'sites.id')
        .where('canonical.verified_at', 'is not', null)
        .orderBy('canonical.verified_at')
        .orderBy('canonical.domain')
        .limit(1)
        .as('canonicalDomain'),
    );
  const row =
    'handle' in by
      ? await base.where('sites.handle', '=', by.handle).executeTakeFirst()
      : await base.innerJoin('site_domains', 'site_domains.site_id', 'sites.id').where('site_domains.domain', '=', by.domain).where('site_domains.verified_at', 'is not', null).executeTakeFirst();
  if (!row) return null;
  const prefix = 'handle' in by ? `/s/${row.handle}` : '';
  return {
    id: row.id,
    organizationId: row.organization_id,
    handle: row.handle,
    name: row.name,
    settings: row.settings,
    base: prefix,
    canonicalBase: siteBaseUrl(deps.config.publicUrl, row.handle, row.canonicalDomain),
    live: row.pageId && row.versionId && row.etag ? { pageId: row.pageId, versionId: row.versionId, etag: row.etag, inFunnel: Boolean(row.inFunnel) } : null,
  };
}

/** A site's page by path → its live version's id and ETag (null: no such page or not published). */
export async function liveVersion(deps: AppDeps, siteId: string, path: string) {
  const row = await deps.database.db
    .selectFrom('site_pages')
    .innerJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
    .select(['site_pages.id as pageId', 'site_page_versions.id as versionId', 'site_page_versions.etag'])
    .where('site_pages.site_id', '=', siteId)
    .where('site_pages.path', '=', path)
    .executeTakeFirst();
  return row ?? null;
}

/** A page path as sites have them (server/sites/schema.ts ZPagePath), without reserved segments. */
export const PAGE_PATH = /^\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)?$/;
