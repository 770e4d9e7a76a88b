import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// How many contacts carry each tag, per organization: tag suggestions and the tag filter's menu read
// this instead of unnesting every contact's tags. Statement-level triggers keep it exact for every
// write path (forms, imports, bulk changes, merges, deletes) in the writing transaction.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_tag_counts')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('contact_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_tag_counts_pk', ['organization_id', 'tag'])
    .execute();
  await db.schema.createIndex('contact_tag_counts_org_count_idx').on('contact_tag_counts').columns(['organization_id', 'contact_count desc']).execute();

  await sql`
    create function contact_tag_counts_add(delta integer, tags_by_org jsonb) returns void language plpgsql as $$
    begin
      insert into contact_tag_counts (organization_id, tag, contact_count)
      select (entry->>'organization_id')::uuid, entry->>'tag', delta * (entry->>'n')::integer
      from jsonb_array_elements(tags_by_org) entry
      on conflict (organization_id, tag) do update set contact_count = contact_tag_counts.contact_count + excluded.contact_count;
      delete from contact_tag_counts c
      using jsonb_array_elements(tags_by_org) entry
      where c.organization_id = (entry->>'organization_id')::uuid and c.tag = entry->>'tag' and c.contact_count <= 0;
    end $$
  `.execute(db);
  for (const [event, tables] of [
    ['insert', 'new table as changed_rows'],
    ['delete', 'old table as changed_rows'],
  ] as const) {
    const delta = event === 'insert' ? 1 : -1;
    await sql
      .raw(
        `create function contact_tag_counts_on_${event}() returns trigger language plpgsql as $$
        begin
          perform contact_tag_counts_add(${delta}, coalesce((
            select jsonb_agg(jsonb_build_object('organization_id', organization_id, 'tag', tag, 'n', n))
            from (select organization_id, tag, count(*) as n from changed_rows, unnest(tags) as tag group by 1, 2) counted
          ), '[]'::jsonb));
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger contact_tag_counts_${event} after ${event} on contacts referencing ${tables} for each statement execute function contact_tag_counts_on_${event}()`).execute(db);
  }
  // An update counts as the old rows leaving and the new rows arriving (transition tables allow one event per trigger).
  await sql`
    create function contact_tag_counts_on_update() returns trigger language plpgsql as $$
    begin
      perform contact_tag_counts_add(1, coalesce((
        select jsonb_agg(jsonb_build_object('organization_id', organization_id, 'tag', tag, 'n', n))
        from (
          select organization_id, tag, sum(n) as n from (
            select organization_id, tag, 1 as n from new_rows, unnest(tags) as tag
            union all
            select organization_id, tag, -1 as n from old_rows, unnest(tags) as tag
          ) moves group by 1, 2 having sum(n) <> 0
        ) counted
      ), '[]'::jsonb));
      return null;
    end $$
  `.execute(db);
  await sql`create trigger contact_tag_counts_update after update on contacts referencing old table as old_rows new table as new_rows for each statement execute function contact_tag_counts_on_update()`.execute(
    db,
  );

  await sql`
    insert into contact_tag_counts (organization_id, tag, contact_count)
    select organization_id, tag, count(*) from contacts, unnest(tags) as tag group by 1, 2
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger contact_tag_counts_${event} on contacts`).execute(db);
    await sql.raw(`drop function contact_tag_counts_on_${event}()`).execute(db);
  }
  await sql`drop function contact_tag_counts_add(integer, jsonb)`.execute(db);
  await db.schema.dropTable('contact_tag_counts').execute();
}
