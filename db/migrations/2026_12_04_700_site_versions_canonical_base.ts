import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: no application imports.
/** The placeholder the serving path replaces with the site's current address (server/sites/canonical.ts, as of this migration). */
const PLACEHOLDER = 'https://canonical-base.switchboard.invalid';
const BATCH = 200;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The version's canonical link and og:url with the placeholder as their base, when they name the page's own address. */
function rewrite(html: string, path: string): string {
  const suffix = escapeHtml(path === '/' ? '/' : path);
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
  if (!canonical || !canonical.endsWith(suffix) || canonical.startsWith(PLACEHOLDER)) return html;
  const target = `"${PLACEHOLDER}${suffix}"`;
  return html
    .replace(`<link rel="canonical" href="${canonical}">`, `<link rel="canonical" href=${target}>`)
    .replace(`<meta property="og:url" content="${canonical}">`, `<meta property="og:url" content=${target}>`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Published versions stored their canonical address as it was at publishing; from now on it is
  // put in when served, so a domain verified (or removed) later counts without a republish. The
  // stored versions get the placeholder too (and the ETag of their new HTML).
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows: { id: string; html: string; path: string }[] = await db
      .selectFrom('site_page_versions')
      .innerJoin('site_pages', 'site_pages.id', 'site_page_versions.page_id')
      .select(['site_page_versions.id', 'site_page_versions.html', 'site_pages.path'])
      .where('site_page_versions.id', '>', after)
      .orderBy('site_page_versions.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const html = rewrite(row.html, row.path);
      if (html === row.html) continue;
      const etag = createHash('sha256').update(html, 'utf8').digest('hex');
      await db.updateTable('site_page_versions').set({ html, etag }).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up(); the placeholder stays (the serving path of this version replaces it)
export async function down(_db: Kysely<any>): Promise<void> {}
