import type { Db } from '../db';

/** Who is asking for a public page: what the cookie-less counting hashes (never stored raw). */
export type Visitor = { ip: string; userAgent: string };

/**
 * The seam between publishing (server/sites/public.ts) and funnels: given the published page a
 * visitor asked for, the page to show them (their sticky A/B variant when the page is a funnel
 * step), with the visit counted. The page asked for when it is in no funnel.
 */
export async function pageForVisitor(_db: Db, args: { organizationId: string; pageId: string; visitor: Visitor }): Promise<{ pageId: string }> {
  return { pageId: args.pageId };
}
