import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // A site page's Payment block's order (issue #20, revenue per visitor): opened when the visitor
  // starts the checkout (a Stripe Checkout Session, or the sandbox's when Stripe is not configured),
  // paid once by the signed webhook or the sandbox's completion. The funnel step, variant and the
  // visitor's daily hash are kept so the payment counts on the visitor's funnel_visits row.
  await db.schema
    .createTable('site_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('site_id', 'uuid', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('page_id', 'uuid', (c) => c.references('site_pages.id').onDelete('set null'))
    .addColumn('block_id', 'text', (c) => c.notNull())
    .addColumn('funnel_id', 'uuid', (c) => c.references('funnels.id').onDelete('set null'))
    .addColumn('step_id', 'uuid', (c) => c.references('funnel_steps.id').onDelete('set null'))
    .addColumn('variant_id', 'uuid', (c) => c.references('funnel_variants.id').onDelete('set null'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'sandbox')`))
    .addColumn('checkout_session_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'paid')`),
    )
    .addColumn('email', 'text')
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('site_orders_org_idx').on('site_orders').columns(['organization_id', 'created_at']).execute();
  await db.schema.createIndex('site_orders_funnel_idx').on('site_orders').columns(['funnel_id', 'day']).execute();

  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  await sql.raw(`alter table site_orders enable row level security`).execute(db);
  await sql.raw(`alter table site_orders force row level security`).execute(db);
  await sql.raw(`create policy organization_isolation on site_orders to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
  await sql.raw(`create policy system_access on site_orders to current_user using (true) with check (true)`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_orders').execute();
}
