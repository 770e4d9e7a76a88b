import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../helpers/db';
import { uniqueEmail } from '../helpers/factories';
import { at, AHEAD, calendarsWorld, EVERY_DAY } from './calendars-helpers';
import { leadsWorld } from './leads-helpers';
import { addDays } from '../../server/time/zoned';

type SlotsAnswer = { timeZone: string; slots: { startsAt: string; endsAt: string; date: string; time: string }[] };

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

const range = (date = AHEAD) => `from=${date}T00:00:00Z&to=${addDays(date, 1)}T00:00:00Z`;

describe('calendars: slots, bookings and manage links', () => {
  it('lists calendars with their booking URL and answers slots in the asker’s zone (API key)', async () => {
    const world = await calendarsWorld();
    const calendar = await world.createCalendar();
    const list = await world.request('/api/v1/calendars', { key: world.key });
    expect(list.status).toBe(200);
    const { items } = (await list.json()) as { items: { id: string; bookingUrl: string }[] };
    expect(items).toEqual([expect.objectContaining({ id: calendar.id, bookingUrl: calendar.bookingUrl })]);
    expect(calendar.bookingUrl).toMatch(/\/book\/[a-z0-9-]+\/discovery$/);

    const answer = await world.request(`/api/v1/calendars/${calendar.id}/slots?${range()}&timeZone=Asia/Kolkata`, { key: world.key });
    const body = (await answer.json()) as SlotsAnswer;
    expect(body.slots.map((s) => [s.startsAt, s.time])).toEqual([
      [at('09:00'), '14:30'],
      [at('10:00'), '15:30'],
      [at('11:00'), '16:30'],
    ]);
    const bad = await world.request(`/api/v1/calendars/${calendar.id}/slots?from=${AHEAD}T00:00:00Z&to=${AHEAD}T00:00:00Z`, { key: world.key });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ issues: [{ path: 'to', message: 'must be after from' }] });
  });

  it('a visitor books through the public page: contact, appointment, e-mail with .ics in the outbox; buffers then hide the neighbours', async () => {
    const world = await calendarsWorld();
    const calendar = await world.createCalendar({ bufferAfterMinutes: 30, questions: [{ id: 'topic', label: 'What would you like to discuss?', required: true, multiline: true }] });
    const [handle, slug] = world.handleOf(calendar.bookingUrl);
    const page = await world.request(`/api/booking/pages/${handle}/${slug}`);
    expect(await page.json()).toMatchObject({ name: 'Discovery call', slotMinutes: 60, hosts: ['Test booking'] });

    const email = uniqueEmail('visitor');
    const missing = await world.request(`/api/booking/pages/${handle}/${slug}/bookings`, { method: 'POST', body: world.visitor(email, at('10:00')) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ issues: [{ path: 'answers.topic', message: 'is required' }] });

    const booked = await world.request(`/api/booking/pages/${handle}/${slug}/bookings`, { method: 'POST', body: world.visitor(email, at('10:00'), { answers: { topic: 'Pricing' } }) });
    expect(booked.status).toBe(201);
    expect(await booked.json()).toEqual({ status: 'confirmed', startsAt: at('10:00'), endsAt: at('11:00'), timeZone: 'Europe/Paris' });

    const db = world.deps.database.db;
    const contact = await db
      .selectFrom('contacts')
      .select(['id', 'first_name', 'last_name', 'source'])
      .where('organization_id', '=', world.owner.organizationId)
      .where('email_lower', '=', email)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', source: 'booking page' });
    const appointment = await db.selectFrom('appointments').selectAll().where('contact_id', '=', contact.id).executeTakeFirstOrThrow();
    expect(appointment).toMatchObject({ assignee_id: world.owner.userId, status: 'scheduled', title: 'Discovery call: Ada Lovelace', notes: 'What would you like to discuss?\nPricing' });
    const event = await db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('organization_id', '=', world.owner.organizationId)
      .where('type', '=', 'appointment_changed')
      .executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ appointmentId: appointment.id, change: 'created' });

    const message = await db.selectFrom('email_messages').selectAll().where('contact_id', '=', contact.id).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ to_address: email, subject: 'Booking confirmed: Discovery call' });
    // The sandbox transport takes it with its attachment: it ends delivered in the outbox.
    await expect.poll(async () => (await db.selectFrom('email_messages').select('status').where('id', '=', message.id).executeTakeFirstOrThrow()).status, { timeout: 10_000 }).toBe('delivered');
    expect(message.text).toContain('(Europe/Paris)');
    expect(message.text).toMatch(/Cancel: http:\/\/localhost:3000\/book\/manage\/[0-9a-f-]{36}\.cancel\./);
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({ filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    expect(message.attachments[0]!.content).toContain(`DTSTART:${AHEAD.replace(/-/g, '')}T100000Z`);

    // 10:00–11:00 taken, 30 minutes of buffer on each booking: 09:00 and 11:00 are too close now.
    const slots = (await (await world.request(`/api/booking/pages/${handle}/${slug}/slots?${range()}`)).json()) as SlotsAnswer;
    expect(slots.slots).toEqual([]);
    const nextDay = (await (await world.request(`/api/booking/pages/${handle}/${slug}/slots?${range(addDays(AHEAD, 1))}`)).json()) as SlotsAnswer;
    expect(nextDay.slots).toHaveLength(3);
  });

  it('two visitors booking the same slot at once: exactly one wins, the other is told the slot is taken', async () => {
    const world = await calendarsWorld();
    const calendar = await world.createCalendar();
    const [handle, slug] = world.handleOf(calendar.bookingUrl);
    const attempts = await Promise.all(
      [1, 2, 3].map((n) => world.request(`/api/booking/pages/${handle}/${slug}/bookings`, { method: 'POST', body: world.visitor(uniqueEmail(`racer${n}`), at('09:00')), ip: `10.9.9.${n}` })),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const refused = attempts.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({ issues: [{ path: 'startsAt', message: 'is no longer available: pick another time' }] });
    const appointments = await world.deps.database.db.selectFrom('appointments').select('id').where('organization_id', '=', world.owner.organizationId).execute();
    expect(appointments).toHaveLength(1);
  });

  it('a date override replaces the weekday’s hours; a slot off the grid or outside the hours is refused', async () => {
    const world = await calendarsWorld();
    const calendar = await world.createCalendar({
      members: [{ userId: world.owner.userId, timeZone: 'UTC', weekly: EVERY_DAY('09:00', '12:00'), overrides: [{ date: AHEAD, intervals: [{ start: '14:00', end: '15:00' }] }] }],
    });
    const slots = await world.api.calendars.slots({ id: calendar.id, from: `${AHEAD}T00:00:00Z`, to: `${addDays(AHEAD, 1)}T00:00:00Z` });
    expect(slots.slots.map((s) => s.startsAt)).toEqual([at('14:00')]);
    await expect(world.api.calendars.book({ id: calendar.id, ...world.visitor(uniqueEmail('v'), at('09:00')) })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(world.api.calendars.book({ id: calendar.id, ...world.visitor(uniqueEmail('v'), at('14:30')) })).rejects.toMatchObject({ code: 'CONFLICT' });
    const booked = await world.api.calendars.book({ id: calendar.id, ...world.visitor(uniqueEmail('v'), at('14:00')) });
    expect(booked.assignees).toEqual([{ id: world.owner.userId, name: 'Test booking' }]);
  });

  it('round robin gives each booking to the free member booked longest ago; collective books everyone', async () => {
    const world = await calendarsWorld();
    const both = (kind: string, slug: string) =>
      world.createCalendar({
        kind,
        slug,
        members: [
          { userId: world.owner.userId, timeZone: 'UTC', weekly: EVERY_DAY('09:00', '12:00'), overrides: [] },
          { userId: world.colleague.userId, timeZone: 'UTC', weekly: EVERY_DAY('09:00', '12:00'), overrides: [] },
        ],
      });
    const roundRobin = await both('round_robin', 'team');
    const first = await world.api.calendars.book({ id: roundRobin.id, ...world.visitor(uniqueEmail('a'), at('09:00')) });
    const second = await world.api.calendars.book({ id: roundRobin.id, ...world.visitor(uniqueEmail('b'), at('09:00')) });
    const third = await world.api.calendars.book({ id: roundRobin.id, ...world.visitor(uniqueEmail('c'), at('10:00')) });
    expect([first, second, third].map((b) => b.assignees[0]!.id)).toEqual([world.owner.userId, world.colleague.userId, world.owner.userId]);
    // Both are taken at 09:00 now.
    await expect(world.api.calendars.book({ id: roundRobin.id, ...world.visitor(uniqueEmail('d'), at('09:00')) })).rejects.toMatchObject({ code: 'CONFLICT' });

    const collective = await both('collective', 'together');
    const slots = await world.api.calendars.slots({ id: collective.id, from: `${AHEAD}T00:00:00Z`, to: `${addDays(AHEAD, 1)}T00:00:00Z` });
    // 09:00 and 10:00 are each taken by someone; only 11:00 has both free.
    expect(slots.slots.map((s) => s.startsAt)).toEqual([at('11:00')]);
    const together = await world.api.calendars.book({ id: collective.id, ...world.visitor(uniqueEmail('e'), at('11:00')) });
    expect(together.appointmentIds).toHaveLength(2);
    expect(together.assignees.map((a) => a.id).sort()).toEqual([world.owner.userId, world.colleague.userId].sort());
  });

  it('reschedule and cancel links work only as signed: a changed token is refused, and each link does its own action', async () => {
    const world = await calendarsWorld();
    const calendar = await world.createCalendar();
    const [handle, slug] = world.handleOf(calendar.bookingUrl);
    const email = uniqueEmail('mover');
    await world.request(`/api/booking/pages/${handle}/${slug}/bookings`, { method: 'POST', body: world.visitor(email, at('09:00')) });
    const db = world.deps.database.db;
    const message = await db.selectFrom('email_messages').select('text').where('to_address', '=', email).executeTakeFirstOrThrow();
    const tokenOf = (action: string) => new RegExp(`/book/manage/([^\\s]+\\.${action}\\.[^\\s]+)`).exec(message.text)![1]!;
    const reschedule = tokenOf('reschedule');
    const cancel = tokenOf('cancel');

    const opened = await world.request(`/api/booking/manage/${reschedule}`);
    expect(await opened.json()).toMatchObject({ action: 'reschedule', status: 'confirmed', startsAt: at('09:00'), calendar: { name: 'Discovery call' } });

    const flipped = `${reschedule.slice(0, -2)}${reschedule.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await world.request(`/api/booking/manage/${flipped}/reschedule`, { method: 'POST', body: { startsAt: at('11:00') } })).status).toBe(404);
    const otherAction = reschedule.replace('.reschedule.', '.cancel.');
    expect((await world.request(`/api/booking/manage/${otherAction}/cancel`, { method: 'POST' })).status).toBe(404);
    expect((await world.request(`/api/booking/manage/${cancel}/reschedule`, { method: 'POST', body: { startsAt: at('11:00') } })).status).toBe(404);
    expect((await world.request('/api/booking/manage/not-a-token')).status).toBe(400);

    // Its own time counts as free: moving by an hour that overlaps nothing else works.
    const moved = await world.request(`/api/booking/manage/${reschedule}/reschedule`, { method: 'POST', body: { startsAt: at('10:00') } });
    expect(await moved.json()).toMatchObject({ status: 'confirmed', startsAt: at('10:00') });
    const appointment = await db.selectFrom('appointments').select(['starts_at', 'status']).where('organization_id', '=', world.owner.organizationId).executeTakeFirstOrThrow();
    expect(appointment).toEqual({ starts_at: new Date(at('10:00')), status: 'scheduled' });

    const cancelled = await world.request(`/api/booking/manage/${cancel}/cancel`, { method: 'POST' });
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await db.selectFrom('appointments').select('status').where('organization_id', '=', world.owner.organizationId).executeTakeFirstOrThrow()).status).toBe('cancelled');
    expect((await world.request(`/api/booking/manage/${reschedule}/reschedule`, { method: 'POST', body: { startsAt: at('11:00') } })).status).toBe(409);
    const subjects = (await db.selectFrom('email_messages').select('subject').where('to_address', '=', email).orderBy('created_at').execute()).map((m) => m.subject);
    expect(subjects).toEqual(['Booking confirmed: Discovery call', 'Booking moved: Discovery call', 'Booking cancelled: Discovery call']);
  });

  it('a phone number queues the SMS job; bad input names the field; a honeypot books nothing; the rate limit answers 429', async () => {
    const world = await calendarsWorld();
    const calendar = await world.createCalendar({ slug: 'limits' });
    const [handle, slug] = world.handleOf(calendar.bookingUrl);
    const post = (body: unknown) => world.request(`/api/booking/pages/${handle}/${slug}/bookings`, { method: 'POST', body });
    const badPhone = await post(world.visitor(uniqueEmail('p'), at('09:00'), { phone: '12' }));
    expect(badPhone.status).toBe(400);
    expect(await badPhone.json()).toMatchObject({ issues: [{ path: 'phone' }] });
    expect((await post(world.visitor(uniqueEmail('bot'), at('09:00'), { website: 'http://spam.example' }))).status).toBe(201);
    expect(await world.deps.database.db.selectFrom('appointments').select('id').where('organization_id', '=', world.owner.organizationId).execute()).toEqual([]);
    const withPhoneEmail = uniqueEmail('p');
    const withPhone = await post(world.visitor(withPhoneEmail, at('09:00'), { phone: '+1 415 555 2671' }));
    expect(withPhone.status).toBe(201);
    // The SMS job sends through the SMS service (its sandbox here): the message is stored for the contact.
    const sms = () => world.deps.database.db.selectFrom('sms_messages').select(['to_number', 'body']).where('organization_id', '=', world.owner.organizationId).execute();
    await expect.poll(async () => (await sms()).map((m) => m.to_number), { timeout: 10_000 }).toEqual(['+14155552671']);
    // One line with the e-mail's two links (its reschedule and cancel links), each opening its own action.
    const body = (await sms())[0]!.body;
    const mail = await world.deps.database.db.selectFrom('email_messages').select('text').where('to_address', '=', withPhoneEmail).executeTakeFirstOrThrow();
    const linkOf = (text: string, label: string) => new RegExp(`${label}: (\\S+)`).exec(text)?.[1];
    expect(body).toMatch(/^Discovery call: booked \w{3} \d{1,2} \w{3}, \d\d:\d\d \(Europe\/Paris\)\. Reschedule: \S+ Cancel: \S+$/);
    expect(linkOf(body, 'Reschedule')).toBe(linkOf(mail.text, 'Reschedule'));
    expect(linkOf(body, 'Cancel')).toBe(linkOf(mail.text, 'Cancel'));
    const cancel = await world.request(`/api/booking/manage/${linkOf(body, 'Cancel')!.split('/book/manage/')[1]}`);
    expect(await cancel.json()).toMatchObject({ action: 'cancel', status: 'confirmed' });
    let last = 201;
    for (let i = 0; i < 10 && last !== 429; i++) last = (await post(world.visitor(uniqueEmail('flood'), at('11:00')))).status;
    expect(last).toBe(429);
  });
});

describe('the product site’s /book-demo', () => {
  it('names the site owner’s first active calendar, and null while it has none', async () => {
    const { app, api, owner } = await leadsWorld();
    expect(await (await app.request('/api/booking/site-owner')).json()).toBeNull();
    await api.calendars.create({
      name: 'Product demo',
      slug: 'product-demo',
      kind: 'personal',
      slotMinutes: 30,
      horizonDays: 30,
      members: [{ userId: owner.userId, timeZone: 'UTC', weekly: EVERY_DAY('09:00', '12:00'), overrides: [] }],
    });
    const answer = await app.request('/api/booking/site-owner');
    expect(answer.status).toBe(200);
    const { handle, slug } = (await answer.json()) as { handle: string; slug: string };
    expect(slug).toBe('product-demo');
    expect(await (await app.request(`/api/booking/pages/${handle}/${slug}`)).json()).toMatchObject({ name: 'Product demo', slotMinutes: 30 });
  });
});
