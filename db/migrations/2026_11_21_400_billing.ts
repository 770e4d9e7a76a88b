import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// Billing on Stripe: each organization's plan and subscription state, the Stripe events applied
// (each once), subscriptions bought by visitors who were not signed in (provisioned into a new
// organization when the first invoice is paid), and the single payments of the checkout page.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organization_billing')
    .addColumn('organization_id', 'uuid', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('billing_interval', 'text', (c) => c.check(sql`billing_interval in ('monthly', 'yearly')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')`))
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('stripe_customer_id', 'text', (c) => c.unique())
    .addColumn('stripe_subscription_id', 'text', (c) => c.unique())
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    // A downgrade keeps the plan paid for in force until the end of its period.
    .addColumn('previous_plan', 'text')
    .addColumn('previous_plan_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Organizations that exist already start the same 14-day trial of Unlimited a new one gets.
  await sql`
    insert into organization_billing (organization_id, plan, status, trial_ends_at)
    select id, 'unlimited', 'trialing', now() + interval '14 days' from organizations
  `.execute(db);

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('stripe_created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('billing_provisionings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // SHA-256 of the secret the subscribe page holds to ask for its set-password link.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('billing_interval', 'text', (c) => c.notNull())
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull())
    .addColumn('stripe_subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('organization_id', 'uuid', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('provisioned_at', 'timestamptz')
    .addColumn('link_issued_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('checkout_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['checkout_payments', 'billing_provisionings', 'stripe_events', 'organization_billing']) await db.schema.dropTable(table).execute();
}
