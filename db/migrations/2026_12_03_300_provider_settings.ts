import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Provider settings made in Settings → Integrations (issue #19, docs/decisions/038): one row per
  // organization and provider. `settings` holds what may be shown; `secrets` the sealed JSON of the
  // credentials (AES-256-GCM, never readable without SECRETS_KEY); `secret_hints` their last characters.
  await db.schema
    .createTable('provider_settings')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('twilio', 'smtp', 'stripe', 'kit')`))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('secrets', 'text', (c) => c.notNull())
    .addColumn('secret_hints', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('provider_settings_pkey', ['organization_id', 'provider'])
    .execute();
  // Twilio's webhooks name the account they come from: the organizations using it are found by it.
  await sql`create index provider_settings_twilio_account_idx on provider_settings ((settings->>'accountSid')) where provider = 'twilio'`.execute(db);

  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  await sql.raw(`alter table provider_settings enable row level security`).execute(db);
  await sql.raw(`alter table provider_settings force row level security`).execute(db);
  await sql.raw(`create policy organization_isolation on provider_settings to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
  await sql.raw(`create policy system_access on provider_settings to current_user using (true) with check (true)`).execute(db);

  // Webhook signing secrets are sealed too, by the server at start-up (it holds the key; a migration
  // does not): meanwhile the end of each secret, which the screens show, is kept beside it.
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('secret_hint', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update webhook_endpoints set secret_hint = right(secret, 4)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('secret_hint').execute();
  await db.schema.dropTable('provider_settings').execute();
}
