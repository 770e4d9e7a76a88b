import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // One conversation per website visitor and organization. The visitor's id is a secret kept in the
  // browser; only its SHA-256 is stored, so a leaked table reveals no way into anyone's chat.
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('started_on', 'text')
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_visitor_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('team_read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('chat_conversations_org_visitor_key', ['organization_id', 'visitor_hash'])
    .execute();
  await db.schema.createIndex('chat_conversations_org_recent_idx').on('chat_conversations').columns(['organization_id', 'last_message_at desc', 'id desc']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull().check(sql`sender in ('visitor', 'bot', 'member')`))
    .addColumn('author_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    // The visitor's address, for the per-IP rate limit; empty for the team's and the bot's messages.
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_messages_conversation_idx').on('chat_messages').columns(['conversation_id', 'id']).execute();
  await db.schema.createIndex('chat_messages_ip_idx').on('chat_messages').columns(['ip', 'created_at']).where('ip', 'is not', null).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['chat_messages', 'chat_conversations']) await db.schema.dropTable(table).execute();
}
