import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  const orgId = (c: any) => c.notNull().references('organizations.id').onDelete('cascade'); // eslint-disable-line @typescript-eslint/no-explicit-any
  const userRef = (c: any) => c.references('users.id').onDelete('set null'); // eslint-disable-line @typescript-eslint/no-explicit-any
  const now = (c: any) => c.notNull().defaultTo(sql`now()`); // eslint-disable-line @typescript-eslint/no-explicit-any

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('other_emails', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('phone', 'text')
    .addColumn('other_phones', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('company_name', 'text')
    .addColumn('job_title', 'text')
    .addColumn('lifecycle_stage', 'text', (c) =>
      c
        .notNull()
        .defaultTo('lead')
        .check(sql`lifecycle_stage in ('subscriber', 'lead', 'mql', 'sql', 'customer', 'other')`),
    )
    .addColumn('source', 'text')
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('owner_id', 'uuid', userRef)
    .addColumn('lead_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dnc_sms', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dnc_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dnc_calls', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('first_attribution', 'jsonb')
    .addColumn('latest_attribution', 'jsonb')
    .addColumn('custom_fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('search_text', 'text', (c) =>
      c.generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(company_name, ''))`).stored(),
    )
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  // Keyset paging and the default sort: newest first.
  await db.schema.createIndex('contacts_org_created_idx').on('contacts').columns(['organization_id', 'created_at desc', 'id desc']).execute();
  await db.schema
    .createIndex('contacts_org_email_idx')
    .on('contacts')
    .expression(sql`organization_id, lower(email) text_pattern_ops`)
    .execute();
  await db.schema
    .createIndex('contacts_org_phone_idx')
    .on('contacts')
    .expression(sql`organization_id, phone text_pattern_ops`)
    .execute();
  await db.schema
    .createIndex('contacts_org_first_name_idx')
    .on('contacts')
    .expression(sql`organization_id, lower(first_name) text_pattern_ops`)
    .execute();
  await db.schema
    .createIndex('contacts_org_last_name_idx')
    .on('contacts')
    .expression(sql`organization_id, lower(last_name) text_pattern_ops`)
    .execute();
  await db.schema.createIndex('contacts_org_owner_idx').on('contacts').columns(['organization_id', 'owner_id']).execute();
  await db.schema.createIndex('contacts_org_stage_idx').on('contacts').columns(['organization_id', 'lifecycle_stage']).execute();
  await db.schema.createIndex('contacts_tags_idx').on('contacts').using('gin').column('tags').execute();
  await db.schema
    .createIndex('contacts_search_trgm_idx')
    .on('contacts')
    .using('gin')
    .expression(sql`search_text gin_trgm_ops`)
    .execute();

  await db.schema
    .createTable('custom_field_definitions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('text', 'number', 'date', 'select')`))
    .addColumn('options', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', now)
    .addUniqueConstraint('custom_field_definitions_org_key', ['organization_id', 'key'])
    .execute();

  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('columns', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('sort', 'jsonb')
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('saved_views_org_entity_idx').on('saved_views').columns(['organization_id', 'entity']).execute();

  await db.schema
    .createTable('pipelines')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('pipelines_org_idx').on('pipelines').column('organization_id').execute();

  await db.schema
    .createTable('pipeline_stages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('pipeline_id', 'uuid', (c) => c.notNull().references('pipelines.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('probability', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`probability between 0 and 100`),
    )
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`kind in ('open', 'won', 'lost')`),
    )
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('pipeline_stages_pipeline_idx').on('pipeline_stages').columns(['pipeline_id', 'position']).execute();

  await db.schema
    .createTable('deals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('pipeline_id', 'uuid', (c) => c.notNull().references('pipelines.id').onDelete('cascade'))
    .addColumn('stage_id', 'uuid', (c) => c.notNull().references('pipeline_stages.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('value_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`value_minor >= 0`),
    )
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('owner_id', 'uuid', userRef)
    .addColumn('expected_close_date', 'date')
    .addColumn('probability', 'integer', (c) => c.check(sql`probability between 0 and 100`))
    .addColumn('is_recurring', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('monthly_value_minor', 'bigint', (c) => c.check(sql`monthly_value_minor >= 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'won', 'lost')`),
    )
    .addColumn('lost_reason', 'text')
    .addColumn('won_at', 'timestamptz')
    .addColumn('lost_at', 'timestamptz')
    .addColumn('stage_changed_at', 'timestamptz', now)
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('deals_org_stage_idx').on('deals').columns(['organization_id', 'pipeline_id', 'stage_id']).execute();
  await db.schema.createIndex('deals_org_status_idx').on('deals').columns(['organization_id', 'status', 'won_at']).execute();
  await db.schema.createIndex('deals_contact_idx').on('deals').column('contact_id').execute();

  await db.schema
    .createTable('deal_stage_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('deal_id', 'uuid', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('from_stage_id', 'uuid', (c) => c.references('pipeline_stages.id').onDelete('set null'))
    .addColumn('to_stage_id', 'uuid', (c) => c.references('pipeline_stages.id').onDelete('set null'))
    .addColumn('changed_by', 'uuid', userRef)
    .addColumn('changed_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('deal_stage_history_deal_idx').on('deal_stage_history').columns(['deal_id', 'changed_at']).execute();
  await db.schema.createIndex('deal_stage_history_org_time_idx').on('deal_stage_history').columns(['organization_id', 'changed_at']).execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('due_at', 'timestamptz')
    .addColumn('priority', 'text', (c) =>
      c
        .notNull()
        .defaultTo('medium')
        .check(sql`priority in ('low', 'medium', 'high', 'urgent')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'done')`),
    )
    .addColumn('assignee_id', 'uuid', userRef)
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('deal_id', 'uuid', (c) => c.references('deals.id').onDelete('set null'))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_by', 'uuid', userRef)
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('tasks_org_status_due_idx').on('tasks').columns(['organization_id', 'status', 'due_at']).execute();
  await db.schema.createIndex('tasks_org_assignee_idx').on('tasks').columns(['organization_id', 'assignee_id', 'status']).execute();
  await db.schema.createIndex('tasks_contact_idx').on('tasks').column('contact_id').execute();
  await db.schema.createIndex('tasks_deal_idx').on('tasks').column('deal_id').execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('assignee_id', 'uuid', userRef)
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('location', 'text')
    .addColumn('meeting_url', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('scheduled')
        .check(sql`status in ('scheduled', 'completed', 'cancelled', 'no_show')`),
    )
    .addColumn('notes', 'text')
    .addColumn('created_by', 'uuid', userRef)
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addCheckConstraint('appointments_end_after_start', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('appointments_org_start_idx').on('appointments').columns(['organization_id', 'starts_at']).execute();
  await db.schema.createIndex('appointments_assignee_idx').on('appointments').columns(['organization_id', 'assignee_id', 'starts_at']).execute();
  await db.schema.createIndex('appointments_contact_idx').on('appointments').column('contact_id').execute();

  // The timeline: one polymorphic record written by every change to a contact or a deal.
  await db.schema
    .createTable('activities')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('cascade'))
    .addColumn('deal_id', 'uuid', (c) => c.references('deals.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'uuid', userRef)
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('activities_contact_idx').on('activities').columns(['contact_id', 'created_at desc']).execute();
  await db.schema.createIndex('activities_deal_idx').on('activities').columns(['deal_id', 'created_at desc']).execute();
  await db.schema.createIndex('activities_org_time_idx').on('activities').columns(['organization_id', 'created_at desc']).execute();

  await db.schema
    .createTable('contact_imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('created_by', 'uuid', userRef)
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('csv', 'text', (c) => c.notNull())
    .addColumn('mapping', 'jsonb', (c) => c.notNull())
    .addColumn('dedupe_by', 'text', (c) => c.notNull().check(sql`dedupe_by in ('email', 'phone', 'none')`))
    .addColumn('on_duplicate', 'text', (c) => c.notNull().check(sql`on_duplicate in ('skip', 'update', 'create')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'running', 'completed', 'failed')`),
    )
    .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('contact_imports_org_idx').on('contact_imports').columns(['organization_id', 'created_at desc']).execute();

  await db.schema
    .createTable('contact_import_errors')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('import_id', 'uuid', (c) => c.notNull().references('contact_imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('field', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('raw', 'jsonb', (c) => c.notNull())
    .addUniqueConstraint('contact_import_errors_row', ['import_id', 'row_number'])
    .execute();

  // Marketing spend, for Customer Acquisition Cost; campaigns will write to it later.
  await db.schema
    .createTable('marketing_spend')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('spent_on', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('marketing_spend_org_date_idx').on('marketing_spend').columns(['organization_id', 'spent_on']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'marketing_spend',
    'contact_import_errors',
    'contact_imports',
    'activities',
    'appointments',
    'tasks',
    'deal_stage_history',
    'deals',
    'pipeline_stages',
    'pipelines',
    'saved_views',
    'custom_field_definitions',
    'contacts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
