import { sql, type Kysely } from 'kysely';

/**
 * Contact search no longer needs its own view (decision 026 (b)): every walled table is now read
 * through a tenant view kept by server/db/tenant-views.ts (decision 033), `contacts` included.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop view if exists contact_search_texts`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create view contact_search_texts as
      select id, search_text from contacts
      where organization_id = nullif(current_setting('app.organization_id', true), '')::uuid or current_setting('role') <> 'switchboard_tenant'`.execute(db);
  await sql`grant select on contact_search_texts to switchboard_tenant`.execute(db);
}
