import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// A failed automation run tells its workflow's owner (issue #17), in the app and, by their choice, by
// e-mail: the notification e-mail kinds gain automation_failed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  const kinds = `kind in ('contact_created', 'deal_won', 'automation_completed', 'automation_failed', 'assigned')`;
  for (const table of ['notification_email_preferences', 'notification_email_items']) {
    await sql.raw(`alter table ${table} drop constraint ${table}_kind_check`).execute(db);
    await sql.raw(`alter table ${table} add constraint ${table}_kind_check check (${kinds})`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  const kinds = `kind in ('contact_created', 'deal_won', 'automation_completed', 'assigned')`;
  for (const table of ['notification_email_preferences', 'notification_email_items']) {
    await sql.raw(`delete from ${table} where kind = 'automation_failed'`).execute(db);
    await sql.raw(`alter table ${table} drop constraint ${table}_kind_check`).execute(db);
    await sql.raw(`alter table ${table} add constraint ${table}_kind_check check (${kinds})`).execute(db);
  }
}
