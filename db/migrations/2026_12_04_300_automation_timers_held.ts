import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // A held timer (its run paused, or its workflow paused) is kept but out of the wake's index: a
  // paused workflow's 100,000 due waits cost the wake's claim nothing (docs/decisions/046).
  await db.schema
    .alterTable('workflow_timers')
    .addColumn('held', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update workflow_timers set held = true from workflow_runs where workflow_runs.id = workflow_timers.run_id and workflow_runs.status = 'paused'`.execute(db);
  await sql`create index workflow_timers_due_live_idx on workflow_timers (due_at) where not held`.execute(db);
  await db.schema.dropIndex('workflow_timers_due_idx').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('workflow_timers_due_idx').on('workflow_timers').column('due_at').execute();
  await db.schema.dropIndex('workflow_timers_due_live_idx').execute();
  await db.schema.alterTable('workflow_timers').dropColumn('held').execute();
}
