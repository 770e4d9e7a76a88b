import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// The order of deals inside a pipeline stage (drag and drop on the board): smaller comes first.
// A double so a deal dropped between two others takes the midpoint without renumbering the column.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deals')
    .addColumn('position', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('deals_org_stage_position_idx').on('deals').columns(['organization_id', 'stage_id', 'position']).execute();
  // Existing deals keep their current order: newest activity first, as the board showed them.
  await sql`
    update deals set position = ranked.rn
    from (select id, row_number() over (partition by stage_id order by updated_at desc, id) as rn from deals) ranked
    where deals.id = ranked.id
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deals_org_stage_position_idx').execute();
  await db.schema.alterTable('deals').dropColumn('position').execute();
}
