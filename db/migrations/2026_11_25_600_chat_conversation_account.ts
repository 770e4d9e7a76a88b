import type { Kysely } from 'kysely';

// Frozen in time: no application imports.
// The product's support chat is also used inside the app by signed-in users: their conversation
// records who wrote (the user and the organization they were signed in to), from the session
// only. Website visitors' conversations keep both empty.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_conversations')
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('user_organization_id', 'uuid', (col) => col.references('organizations.id').onDelete('set null'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_conversations').dropColumn('user_organization_id').dropColumn('user_id').execute();
}
