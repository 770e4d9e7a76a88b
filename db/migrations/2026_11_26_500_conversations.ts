import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // The inbox of every channel (issue #16): one row per thread — a website chat, a contact's SMS
  // conversation, an e-mail thread — kept up to date in the transaction of each message it shows.
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('chat', 'sms', 'email')`))
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('chat_conversation_id', 'uuid', (c) => c.references('chat_conversations.id').onDelete('cascade'))
    // The e-mail thread: the id of its first message (email_messages.thread_id).
    .addColumn('thread_id', 'uuid')
    // The number an SMS thread is held with (E.164).
    .addColumn('phone', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed')`),
    )
    .addColumn('assignee_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_preview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unread', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'conversations_channel_key',
      sql`(channel = 'chat' and chat_conversation_id is not null) or (channel = 'sms' and chat_conversation_id is null) or (channel = 'email' and thread_id is not null)`,
    )
    .execute();
  // The inbox's order and its keyset pages; the filters narrow it within an organization.
  await db.schema.createIndex('conversations_org_recent_idx').on('conversations').columns(['organization_id', 'last_message_at desc', 'id desc']).execute();
  await db.schema.createIndex('conversations_org_assignee_idx').on('conversations').columns(['organization_id', 'assignee_id', 'last_message_at desc']).execute();
  // One thread per chat, per contact's SMS, per e-mail thread: what touching a conversation upserts on.
  await db.schema.createIndex('conversations_chat_key').unique().on('conversations').column('chat_conversation_id').execute();
  await db.schema.createIndex('conversations_sms_key').unique().on('conversations').columns(['organization_id', 'contact_id']).where(sql.ref('channel'), '=', 'sms').execute();
  await db.schema.createIndex('conversations_email_key').unique().on('conversations').columns(['organization_id', 'thread_id']).where(sql.ref('channel'), '=', 'email').execute();
  await db.schema.createIndex('conversations_contact_idx').on('conversations').columns(['contact_id']).execute();

  // Row-level policies, as 2026_11_25_950 gives every organization table.
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  await sql.raw(`alter table conversations enable row level security`).execute(db);
  await sql.raw(`alter table conversations force row level security`).execute(db);
  await sql.raw(`create policy organization_isolation on conversations to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
  await sql.raw(`create policy system_access on conversations to current_user using (true) with check (true)`).execute(db);

  // Backfill: every website chat, unread when the visitor wrote after the team last read it.
  await sql`
    insert into conversations (organization_id, channel, contact_id, chat_conversation_id, last_message_at, last_message_preview, unread, created_at)
    select c.organization_id, 'chat', c.contact_id, c.id, c.last_message_at,
           coalesce((select left(m.body, 200) from chat_messages m where m.conversation_id = c.id order by m.id desc limit 1), ''),
           c.last_visitor_message_at > coalesce(c.team_read_at, '-infinity'::timestamptz), c.created_at
    from chat_conversations c
  `.execute(db);
  // Every contact's SMS conversation that is one: a reply or a one-to-one message (a bulk send alone
  // opens no thread). Unread when the latest message is the contact's.
  await sql`
    insert into conversations (organization_id, channel, contact_id, phone, last_message_at, last_message_preview, unread, created_at)
    select latest.organization_id, 'sms', latest.contact_id,
           case when latest.direction = 'inbound' then latest.from_number else latest.to_number end,
           latest.created_at, left(latest.body, 200), latest.direction = 'inbound', latest.first_at
    from (
      select distinct on (m.organization_id, m.contact_id) m.organization_id, m.contact_id, m.direction, m.from_number, m.to_number, m.body, m.created_at,
             min(m.created_at) over (partition by m.organization_id, m.contact_id) as first_at,
             bool_or(m.purpose <> 'bulk') over (partition by m.organization_id, m.contact_id) as conversational
      from sms_messages m
      where m.contact_id is not null
      order by m.organization_id, m.contact_id, m.created_at desc, m.id desc
    ) latest
    where latest.conversational
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('conversations').execute();
}
