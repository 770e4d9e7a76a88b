import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// A campaign recipient's status follows its message's in the channel (delivery reports, bounces,
// retries move it on). It was computed at read time by joining every recipient to its message, so a
// 100,000-recipient report, its per-recipient table and the sender's "all done?" check each read
// every message (half a second and more). Triggers now keep the copy on the recipient's row, in the
// transaction that changes the message: a row handed over as `queued` takes its message's state
// (which may have moved already: an SMS is committed before its row), and each later change of a
// message's status is copied to the rows that name it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function campaign_recipient_email_status(message_status text) returns text language sql immutable as $$
      select case message_status when 'sending' then 'queued' when 'received' then 'delivered' else message_status end
    $$
  `.execute(db);
  await sql`
    create function campaign_recipient_sms_status(message_status text) returns text language sql immutable as $$
      select case message_status when 'sent' then 'sent' when 'delivered' then 'delivered' when 'undelivered' then 'bounced'
        when 'failed' then 'failed' when 'refused' then 'suppressed' else 'queued' end
    $$
  `.execute(db);

  // A row handed to its channel (`queued` with a message) starts from its message's current state.
  await sql`
    create function campaign_recipients_take_message_status() returns trigger language plpgsql as $$
    begin
      if new.email_message_id is not null then
        new.status := coalesce((select campaign_recipient_email_status(m.status) from email_messages m where m.id = new.email_message_id), new.status);
      elsif new.sms_message_id is not null then
        new.status := coalesce((select campaign_recipient_sms_status(m.status) from sms_messages m where m.id = new.sms_message_id), new.status);
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger campaign_recipients_take_message_status before insert or update of status, email_message_id, sms_message_id on campaign_recipients
    for each row when (new.status = 'queued') execute function campaign_recipients_take_message_status()
  `.execute(db);

  // Each change of a message's status, copied to the recipients that name the message.
  for (const channel of ['email', 'sms'] as const) {
    await sql
      .raw(
        `create function campaign_recipients_follow_${channel}() returns trigger language plpgsql as $$
        begin
          update campaign_recipients r set status = campaign_recipient_${channel}_status(n.status), updated_at = now()
          from new_rows n join old_rows o on o.id = n.id
          where n.status is distinct from o.status and r.${channel}_message_id = n.id
            and r.status is distinct from campaign_recipient_${channel}_status(n.status);
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger campaign_recipients_follow_${channel} after update on ${channel}_messages
        referencing old table as old_rows new table as new_rows for each statement execute function campaign_recipients_follow_${channel}()`,
      )
      .execute(db);
  }

  await sql`
    update campaign_recipients r set status = campaign_recipient_email_status(m.status)
    from email_messages m where r.status = 'queued' and r.email_message_id = m.id and r.status is distinct from campaign_recipient_email_status(m.status)
  `.execute(db);
  await sql`
    update campaign_recipients r set status = campaign_recipient_sms_status(m.status)
    from sms_messages m where r.status = 'queued' and r.email_message_id is null and r.sms_message_id = m.id and r.status is distinct from campaign_recipient_sms_status(m.status)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const channel of ['email', 'sms']) {
    await sql.raw(`drop trigger campaign_recipients_follow_${channel} on ${channel}_messages`).execute(db);
    await sql.raw(`drop function campaign_recipients_follow_${channel}()`).execute(db);
  }
  await sql`drop trigger campaign_recipients_take_message_status on campaign_recipients`.execute(db);
  await sql`drop function campaign_recipients_take_message_status()`.execute(db);
  await sql`drop function campaign_recipient_sms_status(text)`.execute(db);
  await sql`drop function campaign_recipient_email_status(text)`.execute(db);
}
