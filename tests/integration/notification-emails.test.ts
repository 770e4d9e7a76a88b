import type { ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Db } from '../../server/db';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import { closeEmailTransport } from '../../server/email/transport';
import { toEvent } from '../../server/events/bus';
import { nextDigestAt, sendDigest } from '../../server/notifications/digest';
import { handleNotificationEmailEvent } from '../../server/notifications/emails';
import { registerNotificationEmails } from '../../server/notifications/jobs';
import { zonedParts } from '../../server/time/zoned';
import { startSmtpSink } from '../doubles/smtp';
import { buildTestApp } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount, type Account } from '../helpers/factories';

beforeAll(() => getTestDatabase());

const until = async <T>(read: () => Promise<T | undefined | null | false>): Promise<T> => {
  for (;;) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const addressesOf = (mail: ParsedMail): string[] => [mail.to ?? []].flat().flatMap((to) => to.value.map((v) => v.address ?? ''));

/** An organization of verified members, its notification e-mails consumed and sent into the SMTP sink. */
async function team() {
  const sink = await startSmtpSink();
  onTestFinished(() => sink.close());
  const { deps, caller } = await buildTestApp({ env: { SMTP_URL: sink.url, SMTP_MAX_RATE: '1000', JOBS_POLL_MS: '50' } });
  await registerTestEmailJobs(deps, { retryDelay: 1 });
  registerNotificationEmails(deps);
  await deps.jobs.start();
  await deps.consumers.start();
  onTestFinished(async () => {
    await deps.consumers.stop();
    await deps.jobs.stop({ timeoutMs: 3000 });
    await closeEmailTransport(deps);
  });
  const owner = await createAccount(deps, 'ne-owner');
  const manager = await addMember(deps, owner.organizationId, 'manager');
  const rep = await addMember(deps, owner.organizationId, 'sales_rep');
  const viewer = await addMember(deps, owner.organizationId, 'viewer');
  const members = [owner, manager, rep, viewer];
  await deps.database.db
    .updateTable('users')
    .set({ email_verified_at: new Date() })
    .where(
      'id',
      'in',
      members.map((m) => m.userId),
    )
    .execute();
  const as = (member: Account) => caller(browser(member.cookie));
  const db = deps.database.db;
  /** Messages stored for a member, oldest first; those of one consumer round share its transaction's time, so by subject among them. */
  const stored = (member: Account) =>
    db.selectFrom('email_messages').select(['id', 'subject', 'text', 'status']).where('to_address', '=', member.email).orderBy('created_at').orderBy('subject').execute();
  /** The mails the sink received for a member, once there are `count` with this subject. */
  const mailTo = (member: Account, subject: string, count = 1) =>
    until(async () => {
      const received = sink.messages.filter((m) => addressesOf(m).includes(member.email) && m.subject === subject);
      return received.length >= count && received;
    });
  /** Waits until the consumer has handled every event published so far. */
  const settled = async () => {
    const last = await db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await until(async () => {
      const consumer = await db.selectFrom('event_consumers').select(['last_event_id']).where('name', '=', 'notification-emails').executeTakeFirst();
      return consumer && Number(consumer.last_event_id) >= Number(last.id);
    });
  };
  return { deps, db, sink, owner, manager, rep, viewer, as, stored, mailTo, settled };
}

/** The stored event of this type the organization published last. */
async function lastEvent(db: Db, organizationId: string, type: string) {
  const row = await db.selectFrom('events').selectAll().where('organization_id', '=', organizationId).where('type', '=', type).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return toEvent(row as never);
}

describe('immediate notification e-mails', () => {
  it('e-mail New Contact once per event and member, even when the event is handled again, and never to the actor', async () => {
    const t = await team();
    await t.as(t.manager).notifications.updateEmailPreferences({ contact_created: 'immediate' });
    await t.as(t.owner).notifications.updateEmailPreferences({ contact_created: 'immediate' });
    await t.as(t.owner).contacts.create({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    const subject = 'New Contact: Ada Lovelace has been added to your contacts';
    const [mail] = await t.mailTo(t.manager, subject);
    expect(mail!.text).toContain('/contacts/');
    expect(mail!.text).toContain('/settings/profile#notification-emails');
    await t.settled();
    // Handled again (a replay after a crash): no second e-mail.
    const event = await lastEvent(t.db, t.owner.organizationId, 'contact_created');
    for (let i = 0; i < 2; i++) await t.db.transaction().execute((trx) => handleNotificationEmailEvent(t.deps, event, trx));
    expect((await t.stored(t.manager)).filter((m) => m.subject === subject)).toHaveLength(1);
    // The owner created it; the rep and the viewer kept the default (off).
    for (const member of [t.owner, t.rep, t.viewer]) expect((await t.stored(member)).filter((m) => m.subject.startsWith('New Contact'))).toEqual([]);
  });

  it('e-mail "assigned to you" (on by default) for a deal, a task and a contact handed over by someone else', async () => {
    const t = await team();
    const deal = await t.as(t.owner).deals.create({ title: 'Harbour refit', ownerId: t.rep.userId, value: { valueMinor: 100_00, currency: 'USD' } } as never);
    await t.mailTo(t.rep, 'Assigned to you: The deal Harbour refit was assigned to you by Test ne-owner');
    const task = await t.as(t.rep).tasks.create({ title: 'Call the harbour master', assigneeId: t.rep.userId } as never);
    await t.as(t.owner).tasks.update({ id: task.id, assigneeId: t.manager.userId } as never);
    await t.mailTo(t.manager, 'Assigned to you: The task Call the harbour master was assigned to you by Test ne-owner');
    const contact = await t.as(t.owner).contacts.create({ firstName: 'Grace', lastName: 'Hopper' });
    await t.as(t.owner).contacts.update({ id: contact.id, ownerId: t.viewer.userId } as never);
    await t.mailTo(t.viewer, 'Assigned to you: The contact Grace Hopper was assigned to you by Test ne-owner');
    // Handed over in bulk: one e-mail that counts them (Grace already was the viewer's).
    await t.as(t.owner).contacts.create({ firstName: 'Alan', lastName: 'Turing', tags: ['bulk'] } as never);
    await t.as(t.owner).contacts.create({ firstName: 'Joan', lastName: 'Clarke', tags: ['bulk'] } as never);
    await t.as(t.owner).contacts.bulk({ filter: {}, action: { type: 'assignOwner', ownerId: t.viewer.userId } } as never);
    await t.mailTo(t.viewer, 'Assigned to you: 2 contacts were assigned to you by Test ne-owner');
    // Taking something yourself tells nobody.
    await t.as(t.manager).deals.update({ id: deal.id, ownerId: t.manager.userId } as never);
    await t.settled();
    expect((await t.stored(t.manager)).map((m) => m.subject)).toEqual(['Assigned to you: The task Call the harbour master was assigned to you by Test ne-owner']);
    expect((await t.stored(t.rep)).map((m) => m.subject)).toEqual(['Assigned to you: The deal Harbour refit was assigned to you by Test ne-owner']);
  });

  it('writes the sentence in the member’s language, as the e-mail around it', async () => {
    const t = await team();
    await t.as(t.manager).auth.updatePreferences({ language: 'fr' });
    await t.as(t.rep).auth.updatePreferences({ language: 'ar' });
    await t.as(t.manager).notifications.updateEmailPreferences({ contact_created: 'immediate' });
    await t.as(t.owner).contacts.create({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada-fr@example.com' });
    await t.mailTo(t.manager, 'Nouveau contact: Ada Lovelace a été ajouté à vos contacts');
    await t.as(t.owner).deals.create({ title: 'Harbour refit', ownerId: t.rep.userId, value: { valueMinor: 100_00, currency: 'USD' } } as never);
    await t.mailTo(t.rep, 'مُسند إليك: تم إسناد الصفقة Harbour refit إليك بواسطة Test ne-owner');
    await t.as(t.owner).tasks.create({ title: 'Call the harbour master', assigneeId: t.manager.userId } as never);
    await t.mailTo(t.manager, 'Assigné à vous: La tâche Call the harbour master vous a été assignée par Test ne-owner');
  });

  it('keeps to the owner-only rule: a Sales Rep hears only of contacts they own, and once per event', async () => {
    const t = await team();
    await t.as(t.owner).organizations.update({ salesRepsSeeOwnOnly: true });
    for (const member of [t.rep, t.manager]) await t.as(member).notifications.updateEmailPreferences({ contact_created: 'immediate' });
    await t.as(t.owner).contacts.create({ firstName: 'Not', lastName: 'Theirs', ownerId: t.manager.userId } as never);
    await t.as(t.owner).contacts.create({ firstName: 'Their', lastName: 'Own', ownerId: t.rep.userId } as never);
    await t.settled();
    expect((await t.stored(t.rep)).map((m) => m.subject)).toEqual(['Assigned to you: The contact Their Own was assigned to you by Test ne-owner']);
    expect((await t.stored(t.manager)).map((m) => m.subject)).toEqual([
      'Assigned to you: The contact Not Theirs was assigned to you by Test ne-owner',
      'New Contact: Their Own has been added to your contacts',
    ]);
  });

  it('sends nothing to an unverified address', async () => {
    const t = await team();
    await t.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', t.rep.userId).execute();
    await t.as(t.owner).deals.create({ title: 'Unverified', ownerId: t.rep.userId, value: { valueMinor: 1_00, currency: 'USD' } } as never);
    await t.settled();
    expect(await t.stored(t.rep)).toEqual([]);
    expect((await t.as(t.rep).notifications.emailPreferences()).addressVerified).toBe(false);
  });
});

describe('daily digest', () => {
  it('gathers a member’s items until their local 08:00, grouped by kind, each item in one digest only', async () => {
    const t = await team();
    await t.as(t.rep).auth.updatePreferences({ timezone: 'Asia/Tokyo' });
    await t.as(t.rep).notifications.updateEmailPreferences({ contact_created: 'digest', deal_won: 'digest', assigned: 'digest' });
    const won = (await t.as(t.owner).pipelines.list()).items[0]!.stages.find((s: { kind: string }) => s.kind === 'won')!;
    await t.as(t.owner).contacts.create({ firstName: 'First', lastName: 'Contact' });
    await t.as(t.owner).contacts.create({ firstName: 'Second', lastName: 'Contact' });
    const deal = await t.as(t.owner).deals.create({ title: 'Dockside', ownerId: t.rep.userId, value: { valueMinor: 2_500_00, currency: 'USD' } } as never);
    await t.as(t.owner).deals.move({ dealId: deal.id, stageId: won.id });
    await t.settled();
    expect(await t.stored(t.rep)).toEqual([]);

    // Due at the next 08:00 in Tokyo, with its job.
    const schedule = await t.db.selectFrom('notification_digest_schedules').selectAll().where('user_id', '=', t.rep.userId).executeTakeFirstOrThrow();
    expect(zonedParts(schedule.due_at, 'Asia/Tokyo').time).toBe('08:00');
    const first = await t.db.selectFrom('notification_email_items').select('created_at').where('user_id', '=', t.rep.userId).orderBy('created_at').executeTakeFirstOrThrow();
    expect(schedule.due_at).toEqual(nextDigestAt(first.created_at, 'Asia/Tokyo'));
    const jobs = await sql<{ start_after: Date }>`select start_after from pgboss.job where name = 'notifications.digest' and data->>'userId' = ${t.rep.userId}`.execute(t.db);
    expect(jobs.rows.map((j) => new Date(j.start_after).getTime())).toEqual([schedule.due_at.getTime()]);

    // Sent twice at once (a retried job beside the first): one digest.
    const runs = await Promise.all([
      sendDigest(t.deps, { organizationId: t.owner.organizationId, userId: t.rep.userId }),
      sendDigest(t.deps, { organizationId: t.owner.organizationId, userId: t.rep.userId }),
    ]);
    expect(runs.map((r) => r.sent).sort()).toEqual([0, 4]);
    const [mail] = await t.mailTo(t.rep, 'Your Switchboard digest: 4 notifications');
    const text = mail!.text!;
    expect(text).toContain('ASSIGNED TO YOU (1)');
    expect(text).toContain('DEAL WON! (1)');
    expect(text).toContain('NEW CONTACT (2)');
    expect(text.indexOf('First Contact')).toBeLessThan(text.indexOf('Second Contact'));
    expect(text).toContain('Dockside - $2,500');
    const items = await t.db.selectFrom('notification_email_items').select(['email_message_id', 'sent_at']).where('user_id', '=', t.rep.userId).execute();
    expect(new Set(items.map((i) => i.email_message_id)).size).toBe(1);
    expect(items.every((i) => i.sent_at !== null)).toBe(true);
    expect(await t.db.selectFrom('notification_digest_schedules').select('user_id').where('user_id', '=', t.rep.userId).execute()).toEqual([]);

    // Nothing new: nothing sent.
    expect(await sendDigest(t.deps, { organizationId: t.owner.organizationId, userId: t.rep.userId })).toEqual({ sent: 0 });
    expect(await t.stored(t.rep)).toHaveLength(1);
  });

  it('takes the organization’s zone when the member set none, and drops items of a kind turned off before the digest', async () => {
    const t = await team();
    await t.as(t.owner).organizations.update({ timezone: 'America/New_York' } as never);
    await t.as(t.manager).notifications.updateEmailPreferences({ contact_created: 'digest' });
    await t.as(t.owner).contacts.create({ firstName: 'Late', lastName: 'Change' });
    await t.settled();
    const schedule = await t.db.selectFrom('notification_digest_schedules').selectAll().where('user_id', '=', t.manager.userId).executeTakeFirstOrThrow();
    expect(zonedParts(schedule.due_at, 'America/New_York').time).toBe('08:00');
    await t.as(t.manager).notifications.updateEmailPreferences({ contact_created: 'off' });
    expect(await sendDigest(t.deps, { organizationId: t.owner.organizationId, userId: t.manager.userId })).toEqual({ sent: 0 });
    expect(await t.stored(t.manager)).toEqual([]);
  });
});

describe('preferences', () => {
  it('answer the defaults, save the kinds named, and refuse an unknown mode naming the field', async () => {
    const t = await team();
    expect((await t.as(t.viewer).notifications.emailPreferences()).modes).toEqual({
      contact_created: 'off',
      deal_won: 'off',
      automation_completed: 'off',
      automation_failed: 'immediate',
      assigned: 'immediate',
    });
    const saved = await t.as(t.viewer).notifications.updateEmailPreferences({ deal_won: 'digest' });
    expect(saved.modes.deal_won).toBe('digest');
    expect(saved.modes.assigned).toBe('immediate');
    await expect(t.as(t.viewer).notifications.updateEmailPreferences({ deal_won: 'hourly' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('deal_won') });
    // Another member's choices are their own.
    expect((await t.as(t.rep).notifications.emailPreferences()).modes.deal_won).toBe('off');
  });
});
