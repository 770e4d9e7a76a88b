import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // The organization's handle in public booking links: /book/<slug>/<calendar slug>.
  await db.schema
    .createTable('booking_handles')
    .addColumn('organization_id', 'uuid', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A calendar (issue #20): one member's, or a team's (round robin: one free member takes the slot; collective: all must be free).
  await db.schema
    .createTable('calendars')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('personal', 'round_robin', 'collective')`))
    .addColumn('slot_minutes', 'integer', (c) => c.notNull())
    .addColumn('buffer_before_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buffer_after_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minimum_notice_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maximum_per_day', 'integer')
    .addColumn('horizon_days', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('location', 'text')
    .addColumn('questions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('calendars_slug_key', ['organization_id', 'slug'])
    .execute();

  // Each member's availability in their own time zone: weekly hours and dated overrides (an empty day = away).
  await db.schema
    .createTable('calendar_members')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('calendar_id', 'uuid', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('weekly', 'jsonb', (c) => c.notNull())
    .addColumn('overrides', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Round robin: the member booked longest ago takes the next slot they are free for.
    .addColumn('last_booked_at', 'timestamptz')
    .addPrimaryKeyConstraint('calendar_members_pkey', ['calendar_id', 'user_id'])
    .execute();

  // A visitor's booking: its appointments (one per member taking part), the answers, and the key its links are signed with.
  await db.schema
    .createTable('calendar_bookings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('calendar_id', 'uuid', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('confirmed')
        .check(sql`status in ('confirmed', 'cancelled')`),
    )
    .addColumn('signing_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('calendar_bookings_calendar_idx').on('calendar_bookings').columns(['calendar_id', 'starts_at']).execute();

  await db.schema
    .createTable('calendar_booking_appointments')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('booking_id', 'uuid', (c) => c.notNull().references('calendar_bookings.id').onDelete('cascade'))
    .addColumn('appointment_id', 'uuid', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('calendar_booking_appointments_pkey', ['booking_id', 'appointment_id'])
    .execute();
  await db.schema.createIndex('calendar_booking_appointments_appointment_idx').on('calendar_booking_appointments').column('appointment_id').execute();

  // The busy-time query reads a member's appointments by end time within a range.
  await db.schema.createIndex('appointments_assignee_end_idx').on('appointments').columns(['organization_id', 'assignee_id', 'ends_at']).execute();

  // A confirmation's .ics travels with its message (server/email: stored, then handed to the transport).
  await db.schema
    .alterTable('email_messages')
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  for (const table of ['booking_handles', 'calendars', 'calendar_members', 'calendar_bookings', 'calendar_booking_appointments']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy organization_isolation on ${table} to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
    await sql.raw(`create policy system_access on ${table} to current_user using (true) with check (true)`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_messages').dropColumn('attachments').execute();
  await db.schema.dropIndex('appointments_assignee_end_idx').execute();
  for (const table of ['calendar_booking_appointments', 'calendar_bookings', 'calendar_members', 'calendars', 'booking_handles']) {
    await db.schema.dropTable(table).execute();
  }
}
