import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Workflows (issue #17): the draft being edited lives here; publishing copies it into an immutable
  // workflow_versions row, and runs keep the version they started on.
  await db.schema
    .createTable('workflows')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'active', 'paused')`),
    )
    .addColumn('draft_definition', 'jsonb', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('published_version', 'integer')
    // The draft differs from the published version (set by a save, cleared by publish and revert).
    .addColumn('draft_changed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('template_key', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('workflows_org_idx').on('workflows').columns(['organization_id', 'updated_at desc']).execute();

  await db.schema
    .createTable('workflow_versions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('workflow_id', 'uuid', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('published_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('workflow_versions_key', ['workflow_id', 'version'])
    .execute();

  // One row per enrolment; the step log is workflow_run_steps, never a growing document here.
  await db.schema
    .createTable('workflow_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('workflow_id', 'uuid', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'waiting', 'paused', 'completed', 'failed', 'stopped')`))
    // The step to run next (running/paused) or being waited on (waiting); null once ended.
    .addColumn('current_step_id', 'text')
    // What enrolled it: the trigger type and the event id, or 'manual'.
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('trigger_event_id', 'bigint')
    .addColumn('error', 'text')
    .addColumn('steps_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('workflow_runs_org_recent_idx').on('workflow_runs').columns(['organization_id', 'started_at desc', 'id desc']).execute();
  await db.schema.createIndex('workflow_runs_workflow_idx').on('workflow_runs').columns(['workflow_id', 'status']).execute();
  await db.schema.createIndex('workflow_runs_contact_idx').on('workflow_runs').columns(['contact_id', 'workflow_id']).execute();

  await db.schema
    .createTable('workflow_run_steps')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('workflow_runs.id').onDelete('cascade'))
    .addColumn('workflow_id', 'uuid', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('step_type', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('done', 'skipped', 'waiting', 'failed')`))
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('branch', 'text')
    .addColumn('output', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('workflow_run_steps_run_idx').on('workflow_run_steps').columns(['run_id', 'created_at']).execute();
  await db.schema.createIndex('workflow_run_steps_workflow_idx').on('workflow_run_steps').columns(['workflow_id', 'step_id']).execute();
  await db.schema.createIndex('workflow_run_steps_org_recent_idx').on('workflow_run_steps').columns(['organization_id', 'created_at desc']).execute();

  // Waits: the due time is the truth; the queue's delayed job only wakes it, and a sweeper re-arms
  // any timer still here after its due time (a crash lost the job, or it ran before the commit).
  await db.schema
    .createTable('workflow_timers')
    .addColumn('run_id', 'uuid', (c) => c.primaryKey().references('workflow_runs.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    // wait_for_event: the event type that ends the wait early.
    .addColumn('awaits_event', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('workflow_timers_due_idx').on('workflow_timers').column('due_at').execute();

  // A side effect claimed in the step's transaction before the provider is called: a retried job
  // finds the row and does not send twice.
  await db.schema
    .createTable('workflow_step_effects')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('workflow_runs.id').onDelete('cascade'))
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('result', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('workflow_step_effects_key', ['run_id', 'step_id', 'attempt'])
    .execute();
  await db.schema.createIndex('workflow_step_effects_org_idx').on('workflow_step_effects').columns(['organization_id', 'kind', 'created_at']).execute();

  // Round-robin position of each assign_owner step.
  await db.schema
    .createTable('workflow_round_robin')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('workflow_id', 'uuid', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('next_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('workflow_round_robin_pkey', ['workflow_id', 'step_id'])
    .execute();

  // Row-level policies, as 2026_11_25_950 gives every organization table.
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  for (const table of ['workflows', 'workflow_versions', 'workflow_runs', 'workflow_run_steps', 'workflow_timers', 'workflow_step_effects', 'workflow_round_robin']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy organization_isolation on ${table} to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
    await sql.raw(`create policy system_access on ${table} to current_user using (true) with check (true)`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['workflow_round_robin', 'workflow_step_effects', 'workflow_timers', 'workflow_run_steps', 'workflow_runs', 'workflow_versions', 'workflows']) {
    await db.schema.dropTable(table).execute();
  }
}
