import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // A funnel (issue #20): ordered steps of one site's pages.
  await db.schema
    .createTable('funnels')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('site_id', 'uuid', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('funnels_org_idx').on('funnels').columns(['organization_id', 'created_at']).execute();

  // A step: its position (0-based, kept dense by the service) and its control page.
  await db.schema
    .createTable('funnel_steps')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('funnel_id', 'uuid', (c) => c.notNull().references('funnels.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('page_id', 'uuid', (c) => c.notNull().references('site_pages.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('funnel_steps_funnel_idx').on('funnel_steps').columns(['funnel_id', 'position']).execute();

  // A step's variants, the control page among them; a winner takes every visitor.
  await db.schema
    .createTable('funnel_variants')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('step_id', 'uuid', (c) => c.notNull().references('funnel_steps.id').onDelete('cascade'))
    .addColumn('page_id', 'uuid', (c) => c.notNull().references('site_pages.id').onDelete('cascade'))
    .addColumn('weight', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`weight >= 0`),
    )
    .addColumn('winner', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('funnel_variants_step_page_key', ['step_id', 'page_id'])
    .execute();
  // The serving path: which step a requested page belongs to.
  await db.schema.createIndex('funnel_variants_page_idx').on('funnel_variants').columns(['page_id', 'step_id']).execute();

  // Cookie-less counting: one row per variant, day and daily-salted visitor hash (never the address
  // or user agent); whether that visitor opted in, and what they paid, on the same row.
  await db.schema
    .createTable('funnel_visits')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('funnel_id', 'uuid', (c) => c.notNull().references('funnels.id').onDelete('cascade'))
    .addColumn('step_id', 'uuid', (c) => c.notNull().references('funnel_steps.id').onDelete('cascade'))
    .addColumn('variant_id', 'uuid', (c) => c.notNull().references('funnel_variants.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('opted_in', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('purchases', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('funnel_visits_pkey', ['variant_id', 'day', 'visitor_hash'])
    .execute();
  await db.schema.createIndex('funnel_visits_funnel_day_idx').on('funnel_visits').columns(['funnel_id', 'day']).execute();
  // Conversion: the same visitor on the same day at the next step.
  await db.schema.createIndex('funnel_visits_step_visitor_idx').on('funnel_visits').columns(['step_id', 'day', 'visitor_hash']).execute();

  // Installation-wide secrets of the counting: 'assignment' (sticky variants, kept) and
  // 'visitor:<day>' (the day's salt, deleted once the day is over). Not organization-owned.
  await db.schema
    .createTable('funnel_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  for (const table of ['funnels', 'funnel_steps', 'funnel_variants', 'funnel_visits']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy organization_isolation on ${table} to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
    await sql.raw(`create policy system_access on ${table} to current_user using (true) with check (true)`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['funnel_secrets', 'funnel_visits', 'funnel_variants', 'funnel_steps', 'funnels']) await db.schema.dropTable(table).execute();
}
