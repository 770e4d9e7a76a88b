import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// The language a website visitor chats in (the site's, when they last wrote), so that the team
// sees it and answers in it. Conversations before this were all in English.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_conversations')
    .addColumn('language', 'text', (col) =>
      col
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'fr', 'ar')`),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_conversations').dropColumn('language').execute();
}
