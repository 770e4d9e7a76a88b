import type { AppDeps } from '../deps';
import type { RequestMeta } from '../http/meta';

/** A native POST of a published page's form block (fields by their names, as the browser sent them). */
export type SiteFormPost = { organizationId: string; siteId: string; pageId: string; blockId: string; fields: Record<string, string>; meta: RequestMeta };

/** Where the visitor goes next, or what was wrong, per field name. */
export type SiteFormOutcome = { status: 'accepted'; redirect: string } | { status: 'invalid'; errors: Record<string, string> };

/** The seam between publishing (server/sites/public.ts) and the form handling (issue #20 "Forms"). */
export async function submitSiteForm(_deps: Pick<AppDeps, 'database' | 'config' | 'jobs'>, _post: SiteFormPost): Promise<SiteFormOutcome> {
  return { status: 'invalid', errors: { form: 'is not accepting submissions yet' } };
}
