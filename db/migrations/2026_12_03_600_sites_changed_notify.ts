import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
const CHANNEL = 'switchboard_sites';
/** Each table whose rows decide what a published address answers, and the changes that matter (a draft's autosave does not). */
const WATCHED: [table: string, events: string][] = [
  ['sites', 'insert or delete or update of handle, name, settings'],
  ['site_pages', 'insert or delete or update of path, site_id, published_version_id'],
  ['site_domains', 'insert or delete or update'],
  ['funnel_steps', 'insert or delete or update'],
  ['funnel_variants', 'insert or delete or update'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Every server process keeps the published pages' addresses in memory (server/sites/route-cache.ts)
  // and forgets them when one of these tables changes: a statement trigger NOTIFYs at commit
  // (Postgres folds a transaction's identical notifications into one), whatever made the change.
  await sql
    .raw(
      `create function notify_sites_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${CHANNEL}', '');
      return null;
    end $$`,
    )
    .execute(db);
  for (const [table, events] of WATCHED) {
    await sql.raw(`create trigger ${table}_sites_changed after ${events} on ${table} for each statement execute function notify_sites_changed()`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of WATCHED) await sql.raw(`drop trigger ${table}_sites_changed on ${table}`).execute(db);
  await sql`drop function notify_sites_changed()`.execute(db);
}
