import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// Training course progress: one row per lesson a user completed. Owned by the user, not an
// organization: a learner keeps their progress when they switch or leave organizations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('training_progress')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('training_progress_pkey', ['user_id', 'lesson_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('training_progress').execute();
}
