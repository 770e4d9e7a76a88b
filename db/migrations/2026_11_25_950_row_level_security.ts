import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.

/**
 * Every table with an organization_id column at this point of the schema (a later table adds its own
 * policies) but sessions: a session belongs to its user, and its organization_id is only the one the
 * user has switched to — sign-in work, which moves it between organizations and to none.
 */
const ORGANIZATION_TABLES = [
  'activities',
  'api_keys',
  'appointment_days',
  'appointments',
  'audit_events',
  'billing_provisionings',
  'chat_conversations',
  'chat_messages',
  'contact_conversions',
  'contact_days',
  'contact_import_errors',
  'contact_imports',
  'contact_tag_counts',
  'contacts',
  'custom_field_definitions',
  'deal_close_days',
  'deal_currency_counts',
  'deal_open_days',
  'deal_stage_entries',
  'deal_stage_entry_days',
  'deal_stage_history',
  'deal_stage_next',
  'deals',
  'event_deliveries',
  'events',
  'form_submissions',
  'integration_deliveries',
  'invites',
  'marketing_spend',
  'memberships',
  'notifications',
  'organization_billing',
  'organization_contact_counts',
  'pipeline_stages',
  'pipelines',
  'presence',
  'saved_views',
  'site_analytics_events',
  'sms_batches',
  'sms_messages',
  'sms_templates',
  'stripe_events',
  'task_days',
  'tasks',
];

/** The dashboard's derived views: read with the caller's rights, so the tenant role meets the policies through them too. */
const DERIVED_VIEWS = ['appointment_days', 'contact_conversions', 'contact_days', 'deal_close_days', 'deal_currency_counts', 'deal_open_days', 'deal_stage_entry_days', 'task_days'].map(
  (table) => `${table}_derived`,
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // The role the organization context switches to (decision 024). Roles belong to the whole server,
  // so another database on it (a second install, a parallel test run) may have created it first.
  // Creating it, and granting it to the app's own role so that role may SET ROLE to it (a superuser
  // always may), needs CREATEROLE once per server; without, the error says what a superuser runs.
  const needsCreateRole = sql.raw(`
    when insufficient_privilege then
      raise exception 'the role switchboard_tenant (decision 024) needs CREATEROLE to be created and granted to %', current_user
        using hint = format('As a superuser, once per server: CREATE ROLE switchboard_tenant NOLOGIN; GRANT switchboard_tenant TO %I;', current_user);`);
  await sql`
    do $$ begin
      if not exists (select from pg_roles where rolname = 'switchboard_tenant') then create role switchboard_tenant nologin; end if;
    exception when duplicate_object or unique_violation then null; ${needsCreateRole}
    end $$`.execute(db);
  await sql`
    do $$ begin
      if not pg_has_role(current_user, 'switchboard_tenant', 'member') then execute format('grant switchboard_tenant to %I', current_user); end if;
    exception ${needsCreateRole}
    end $$`.execute(db);

  // Rows, not tables: the tenant role reads and writes every table, the policies below choose the rows.
  await sql`grant usage on schema public to switchboard_tenant`.execute(db);
  await sql`grant select, insert, update, delete on all tables in schema public to switchboard_tenant`.execute(db);
  await sql`revoke all on kysely_migration, kysely_migration_lock from switchboard_tenant`.execute(db);
  await sql`grant usage, select on all sequences in schema public to switchboard_tenant`.execute(db);
  // Tables created later by this role (later migrations, pg-boss's own schema, which a request enqueues into inside its transaction).
  await sql`alter default privileges grant usage on schemas to switchboard_tenant`.execute(db);
  await sql`alter default privileges grant select, insert, update, delete on tables to switchboard_tenant`.execute(db);
  await sql`alter default privileges grant usage, select on sequences to switchboard_tenant`.execute(db);
  await sql`
    do $$ declare s text; begin
      for s in select nspname from pg_namespace where nspname = 'pgboss' loop
        execute format('grant usage on schema %I to switchboard_tenant', s);
        execute format('grant select, insert, update, delete on all tables in schema %I to switchboard_tenant', s);
        execute format('grant usage, select on all sequences in schema %I to switchboard_tenant', s);
      end loop;
    end $$`.execute(db);

  // An unset organization ('' once the transaction that set it ends) matches no row.
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  for (const table of ORGANIZATION_TABLES) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    // Forced: the owner meets the policies too, so every role's access is written down here.
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy organization_isolation on ${table} to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
    // The app's own role does system work (jobs, consumers, sign-in, migrations) across organizations.
    await sql.raw(`create policy system_access on ${table} to current_user using (true) with check (true)`).execute(db);
  }
  for (const view of DERIVED_VIEWS) await sql.raw(`alter view ${view} set (security_invoker = true)`).execute(db);
}
