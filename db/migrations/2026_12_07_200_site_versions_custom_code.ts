import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
const BATCH = 200;

/** The custom code frame as versions stored it until now (server/sites/blocks/document.tsx before this migration). */
const SRCDOC_FRAME = /<iframe class="sb-sr" sandbox="allow-scripts" srcdoc="([^"]*)" title="Site code" aria-hidden="true" tabindex="-1"><\/iframe>/;

const UNESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => UNESCAPES[entity]!);

/** How a page reaches its site's root, relatively (server/sites/publish.ts rootPrefix, as of this migration). */
function rootPrefix(path: string): string {
  const depth = path === '/' ? 0 : path.split('/').length - 2;
  return depth === 0 ? './' : '../'.repeat(depth);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // The admin's custom code of a version, served as its own document at <site>/_code/<version id>
  // (a sandboxed frame with a policy of its own): in a srcdoc frame it took the page's policy, which
  // runs no inline script. Stored versions move their code here and frame it by address (run again, a no-op).
  await sql`alter table site_page_versions add column if not exists custom_code text`.execute(db);
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
      const frame = SRCDOC_FRAME.exec(row.html);
      if (!frame) continue;
      const code = unescapeHtml(frame[1]!).trim();
      const html = row.html.replace(
        frame[0],
        `<iframe class="sb-sr" sandbox="allow-scripts" src="${rootPrefix(row.path)}_code/${row.id}" title="Site code" aria-hidden="true" tabindex="-1"></iframe>`,
      );
      const etag = createHash('sha256').update(html, 'utf8').digest('hex');
      await db.updateTable('site_page_versions').set({ html, etag, custom_code: code }).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_page_versions').dropColumn('custom_code').execute();
}
