import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// How many contacts each organization has, kept exact by statement-level triggers: the contacts
// list's total without a filter is read here instead of counted over up to millions of rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organization_contact_counts')
    .addColumn('organization_id', 'uuid', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('contacts', 'integer', (c) => c.notNull())
    .execute();
  for (const [event, delta] of [
    ['insert', '+'],
    ['delete', '-'],
  ] as const) {
    await sql
      .raw(
        `create function organization_contact_counts_on_${event}() returns trigger language plpgsql as $$
        begin
          insert into organization_contact_counts (organization_id, contacts)
          select organization_id, ${delta}count(*) from changed_rows group by organization_id
          on conflict (organization_id) do update set contacts = organization_contact_counts.contacts + excluded.contacts;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger organization_contact_counts_${event} after ${event} on contacts referencing ${event === 'insert' ? 'new' : 'old'} table as changed_rows for each statement execute function organization_contact_counts_on_${event}()`,
      )
      .execute(db);
  }
  await sql`insert into organization_contact_counts (organization_id, contacts) select organization_id, count(*) from contacts group by organization_id`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'delete']) {
    await sql.raw(`drop trigger organization_contact_counts_${event} on contacts`).execute(db);
    await sql.raw(`drop function organization_contact_counts_on_${event}()`).execute(db);
  }
  await db.schema.dropTable('organization_contact_counts').execute();
}
