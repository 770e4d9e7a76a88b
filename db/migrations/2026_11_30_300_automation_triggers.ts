import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Triggers whose cause is time itself (issue #17; docs/decisions/032-time-triggers.md): a schedule's
  // next occurrence, a task's due time, an appointment's "24 hours before". One row per thing to fire,
  // unique by its key, so two processes or a restart can never fire one occurrence twice: the job
  // that fires it deletes the row in the transaction that enrols.
  await db.schema
    .createTable('workflow_trigger_timers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // 'schedule:<workflow>:<version>:<trigger>', 'task:<task>', 'appointment:<workflow>:<version>:<trigger>:<appointment>'.
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('schedule', 'task_overdue', 'appointment')`))
    // The workflow version a schedule or appointment timer belongs to; null for a task's (every workflow listening).
    .addColumn('workflow_id', 'uuid', (c) => c.references('workflows.id').onDelete('cascade'))
    .addColumn('version', 'integer')
    .addColumn('trigger_index', 'integer')
    // The task or appointment.
    .addColumn('subject_id', 'uuid')
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('workflow_trigger_timers_key', ['organization_id', 'key'])
    .execute();
  await db.schema.createIndex('workflow_trigger_timers_due_idx').on('workflow_trigger_timers').column('due_at').execute();
  await db.schema.createIndex('workflow_trigger_timers_subject_idx').on('workflow_trigger_timers').columns(['organization_id', 'subject_id']).execute();
  await db.schema.createIndex('workflow_trigger_timers_workflow_idx').on('workflow_trigger_timers').column('workflow_id').execute();

  // Open tasks already due later get their due-time timer (later ones are kept by the task events).
  await sql`
    insert into workflow_trigger_timers (organization_id, key, kind, subject_id, due_at)
    select organization_id, 'task:' || id, 'task_overdue', id, due_at from tasks
    where status = 'open' and due_at > now() and contact_id is not null
  `.execute(db);

  // The inbound webhook of a workflow: its public id in the URL and the secret that signs bodies.
  await db.schema.alterTable('workflows').addColumn('hook_token', 'text').execute();
  await db.schema.alterTable('workflows').addColumn('hook_secret', 'text').execute();
  await db.schema.createIndex('workflows_hook_token_key').on('workflows').column('hook_token').unique().execute();
  // What the webhook (or another trigger) carried: If/Else reads it as event.<field>.
  await db.schema.alterTable('workflow_runs').addColumn('trigger_payload', 'jsonb').execute();

  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  await sql.raw(`alter table workflow_trigger_timers enable row level security`).execute(db);
  await sql.raw(`alter table workflow_trigger_timers force row level security`).execute(db);
  await sql.raw(`create policy organization_isolation on workflow_trigger_timers to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
  await sql.raw(`create policy system_access on workflow_trigger_timers to current_user using (true) with check (true)`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workflow_runs').dropColumn('trigger_payload').execute();
  await db.schema.dropIndex('workflows_hook_token_key').execute();
  await db.schema.alterTable('workflows').dropColumn('hook_secret').execute();
  await db.schema.alterTable('workflows').dropColumn('hook_token').execute();
  await db.schema.dropTable('workflow_trigger_timers').execute();
}
