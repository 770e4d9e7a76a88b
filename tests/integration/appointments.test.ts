import { describe, expect, it } from 'vitest';
import { listActivities } from '../../server/activities/service';
import { checkedTestApp } from '../helpers/openapi';
import { addMember, browser, createAccount } from '../helpers/factories';

async function setup() {
  const { app, deps, caller } = await checkedTestApp();
  const owner = await createAccount(deps, 'calendar');
  const api = caller(browser(owner.cookie));
  const newContact = async (first: string) =>
    (
      await deps.database.db
        .insertInto('contacts')
        .values({ organization_id: owner.organizationId, first_name: first, last_name: 'Curie', email: `${first.toLowerCase()}@example.test`, phone: '+33612345678' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const timeline = async (contactId: string) => (await listActivities({ db: deps.database.db, organizationId: owner.organizationId }, { contactId })).items;
  return { app, deps, caller, owner, api, newContact, timeline };
}

const slot = (day: number, from: string, to: string) => ({ startsAt: `2030-03-${String(day).padStart(2, '0')}T${from}:00Z`, endsAt: `2030-03-${String(day).padStart(2, '0')}T${to}:00Z` });

describe('appointments', () => {
  it('creates with defaults and a contact, and warns about overlaps of the same assignee without refusing', async () => {
    const { deps, owner, api, newContact, timeline } = await setup();
    await api.auth.updatePreferences({ timezone: 'Europe/Paris' });
    const contactId = await newContact('Marie');
    const first = await api.appointments.create({ title: 'Discovery call', contactId, ...slot(4, '09:00', '10:00'), meetingUrl: 'https://meet.example.com/abc' });
    expect(first.conflicts).toEqual([]);
    expect(first).toMatchObject({
      title: 'Discovery call',
      startsAt: '2030-03-04T09:00:00.000Z',
      endsAt: '2030-03-04T10:00:00.000Z',
      timeZone: 'Europe/Paris',
      status: 'scheduled',
      meetingUrl: 'https://meet.example.com/abc',
      location: null,
      assignee: { id: owner.userId, name: 'Test calendar' },
      contact: { id: contactId, name: 'Marie Curie', email: 'marie@example.test', phone: '+33612345678' },
    });
    expect((await timeline(contactId)).map((a) => [a.type, a.payload])).toEqual([
      ['appointment_scheduled', { appointmentId: first.id, title: 'Discovery call', startsAt: '2030-03-04T09:00:00.000Z', endsAt: '2030-03-04T10:00:00.000Z', timeZone: 'Europe/Paris' }],
    ]);

    const overlapping = await api.appointments.create({ title: 'Demo', ...slot(4, '09:30', '11:00'), timeZone: 'America/New_York', location: 'Room 2' });
    expect(overlapping.timeZone).toBe('America/New_York');
    expect(overlapping.conflicts).toEqual([{ id: first.id, title: 'Discovery call', startsAt: '2030-03-04T09:00:00.000Z', endsAt: '2030-03-04T10:00:00.000Z' }]);

    // Back to back is no overlap; another assignee's calendar is not mine; cancelled appointments do not block.
    expect((await api.appointments.create({ title: 'Right after', ...slot(4, '11:00', '11:30') })).conflicts).toEqual([]);
    const colleague = await addMember(deps, owner.organizationId, 'sales_rep', 'colleague');
    expect((await api.appointments.create({ title: 'Theirs', assigneeId: colleague.userId, ...slot(4, '09:00', '10:00') })).conflicts).toEqual([]);
    await api.appointments.setStatus({ id: overlapping.id, status: 'cancelled' });
    expect((await api.appointments.create({ title: 'Late', ...slot(4, '10:30', '10:45') })).conflicts).toEqual([]);
  });

  it('reschedules (drag and drop) with overlap warnings and a timeline entry; setStatus and update write theirs', async () => {
    const { api, newContact, timeline } = await setup();
    const contactId = await newContact('Pierre');
    const morning = await api.appointments.create({ title: 'Morning', ...slot(5, '08:00', '09:00') });
    const call = await api.appointments.create({ title: 'Call', contactId, ...slot(5, '14:00', '15:00') });

    const moved = await api.appointments.reschedule({ id: call.id, ...slot(5, '08:30', '09:30') });
    expect(moved).toMatchObject({ startsAt: '2030-03-05T08:30:00.000Z', endsAt: '2030-03-05T09:30:00.000Z' });
    expect(moved.conflicts.map((c) => c.id)).toEqual([morning.id]);
    // An appointment does not conflict with itself.
    expect((await api.appointments.reschedule({ id: call.id, ...slot(5, '16:00', '17:00') })).conflicts).toEqual([]);

    const done = await api.appointments.setStatus({ id: call.id, status: 'completed' });
    expect(done.status).toBe('completed');
    await api.appointments.setStatus({ id: call.id, status: 'completed' });

    const updated = await api.appointments.update({ id: call.id, title: 'Call (notes)', notes: 'Pricing, then\nnext steps', location: 'Phone' });
    expect(updated).toMatchObject({ title: 'Call (notes)', notes: 'Pricing, then\nnext steps', location: 'Phone', status: 'completed' });
    expect(updated.conflicts).toEqual([]);

    const entries = (await timeline(contactId)).reverse();
    expect(entries.map((a) => a.type)).toEqual(['appointment_scheduled', 'appointment_rescheduled', 'appointment_rescheduled', 'appointment_status_changed']);
    expect(entries[1]!.payload).toEqual({
      appointmentId: call.id,
      title: 'Call',
      from: { startsAt: '2030-03-05T14:00:00.000Z', endsAt: '2030-03-05T15:00:00.000Z' },
      to: { startsAt: '2030-03-05T08:30:00.000Z', endsAt: '2030-03-05T09:30:00.000Z' },
    });
    expect(entries[3]!.payload).toMatchObject({ from: 'scheduled', to: 'completed' });

    // Linking another contact puts the appointment on their timeline.
    const other = await newContact('Irene');
    await api.appointments.update({ id: call.id, contactId: other });
    expect((await timeline(other)).map((a) => a.type)).toEqual(['appointment_scheduled']);
  });

  it('refuses bad input naming the field and the rule', async () => {
    const { deps, api } = await setup();
    const other = await createAccount(deps, 'other');
    const otherContact = (await deps.database.db.insertInto('contacts').values({ organization_id: other.organizationId, first_name: 'X' }).returning('id').executeTakeFirstOrThrow()).id;
    const base = { title: 'Meeting', ...slot(6, '10:00', '11:00') };
    await expect(api.appointments.create({ ...base, endsAt: '2030-03-06T09:00:00Z' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'endsAt: must be after the start' });
    await expect(api.appointments.create({ ...base, endsAt: base.startsAt })).rejects.toMatchObject({ message: 'endsAt: must be after the start' });
    await expect(api.appointments.create({ ...base, meetingUrl: 'javascript:alert(1)' })).rejects.toMatchObject({
      message: 'meetingUrl: must be a valid http(s) URL such as https://meet.example.com/abc',
    });
    await expect(api.appointments.create({ ...base, meetingUrl: 'not a url' })).rejects.toMatchObject({ message: 'meetingUrl: must be a valid http(s) URL such as https://meet.example.com/abc' });
    await expect(api.appointments.create({ ...base, timeZone: 'Mars/Olympus' })).rejects.toMatchObject({ message: 'timeZone: must be an IANA time zone such as Europe/Paris' });
    await expect(api.appointments.create({ ...base, startsAt: '2030-03-06 10:00' })).rejects.toMatchObject({ message: 'startsAt: must be a date and time such as 2026-05-01T09:00:00Z' });
    await expect(api.appointments.create({ ...base, assigneeId: other.userId })).rejects.toMatchObject({ message: 'assigneeId: is not a member of this organization' });
    await expect(api.appointments.create({ ...base, contactId: otherContact })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'contactId: is not a known contact' });
    await expect(api.appointments.create({ ...base, status: 'maybe' as never })).rejects.toMatchObject({ message: 'status: must be scheduled, completed, cancelled or no_show' });

    const appointment = await api.appointments.create(base);
    await expect(api.appointments.reschedule({ id: appointment.id, startsAt: '2030-03-06T12:00:00Z', endsAt: '2030-03-06T11:00:00Z' })).rejects.toMatchObject({
      message: 'endsAt: must be after the start',
    });
    // Only the end, before the stored start: the merged times are checked too.
    await expect(api.appointments.update({ id: appointment.id, endsAt: '2030-03-06T09:00:00Z' })).rejects.toMatchObject({ message: 'endsAt: must be after the start' });
    expect((await api.appointments.get({ id: appointment.id })).endsAt).toBe('2030-03-06T11:00:00.000Z');
  });

  it('lists a calendar range (anything overlapping it) with filters', async () => {
    const { deps, owner, api, newContact } = await setup();
    const colleague = await addMember(deps, owner.organizationId, 'sales_rep', 'colleague');
    const contactId = await newContact('Eve');
    const overnight = await api.appointments.create({ title: 'Overnight', startsAt: '2030-03-09T22:00:00Z', endsAt: '2030-03-10T02:00:00Z' });
    const monday = await api.appointments.create({ title: 'Monday', contactId, ...slot(10, '09:00', '10:00') });
    const theirs = await api.appointments.create({ title: 'Theirs', assigneeId: colleague.userId, ...slot(10, '11:00', '12:00') });
    await api.appointments.create({ title: 'Next week', ...slot(17, '09:00', '10:00') });

    const day = await api.appointments.list({ from: '2030-03-10T00:00:00Z', to: '2030-03-11T00:00:00Z' });
    expect(day.items.map((a) => a.id)).toEqual([overnight.id, monday.id, theirs.id]);
    expect(day).toMatchObject({ total: 3, truncated: false });
    expect((await api.appointments.list({ from: '2030-03-10T00:00:00Z', to: '2030-03-11T00:00:00Z', assigneeId: colleague.userId })).items.map((a) => a.title)).toEqual(['Theirs']);
    expect((await api.appointments.list({ from: '2030-03-01T00:00:00Z', to: '2030-04-01T00:00:00Z', contactId })).items.map((a) => a.title)).toEqual(['Monday']);
    expect((await api.appointments.list({ from: '2030-03-01T00:00:00Z', to: '2030-04-01T00:00:00Z', q: 'week' })).items.map((a) => a.title)).toEqual(['Next week']);
    await api.appointments.setStatus({ id: monday.id, status: 'no_show' });
    expect((await api.appointments.list({ from: '2030-03-01T00:00:00Z', to: '2030-04-01T00:00:00Z', status: 'no_show' })).items.map((a) => a.title)).toEqual(['Monday']);

    await expect(api.appointments.list({ from: '2030-03-10T00:00:00Z', to: '2030-03-09T00:00:00Z' })).rejects.toMatchObject({ message: 'to: must be after from' });
    await expect(api.appointments.list({ from: '2030-01-01T00:00:00Z', to: '2030-12-31T00:00:00Z' })).rejects.toMatchObject({ message: 'to: must be at most 100 days after from' });
  });

  it('checks conflicts for the form, deletes with a trace on the contact', async () => {
    const { deps, owner, api, newContact, timeline } = await setup();
    const colleague = await addMember(deps, owner.organizationId, 'manager', 'colleague');
    const contactId = await newContact('Paul');
    const a = await api.appointments.create({ title: 'Booked', contactId, ...slot(12, '13:00', '14:00') });
    expect((await api.appointments.checkConflicts(slot(12, '13:30', '13:45'))).conflicts.map((c) => c.title)).toEqual(['Booked']);
    expect((await api.appointments.checkConflicts({ ...slot(12, '13:30', '13:45'), excludeId: a.id })).conflicts).toEqual([]);
    expect((await api.appointments.checkConflicts({ ...slot(12, '13:30', '13:45'), assigneeId: colleague.userId })).conflicts).toEqual([]);
    await expect(api.appointments.checkConflicts({ ...slot(12, '13:30', '13:45'), endsAt: '2030-03-12T13:00:00Z' })).rejects.toMatchObject({ message: 'endsAt: must be after the start' });

    expect(await api.appointments.delete({ id: a.id })).toEqual({ id: a.id });
    await expect(api.appointments.get({ id: a.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Appointment not found' });
    await expect(api.appointments.delete({ id: a.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await timeline(contactId)).map((e) => e.type)).toEqual(['appointment_deleted', 'appointment_scheduled']);
  });
});

describe('.ics download', () => {
  const unfold = (text: string) => text.replace(/\r\n /g, '');

  it('answers RFC 5545 text: UTC times, escaped text, folded lines, status', async () => {
    const { app, owner, api, newContact } = await setup();
    const contactId = await newContact('Ada');
    const notes = `Agenda; pricing, rollout\nBring the contract. ${'Très long paragraphe avec des accents é à ü et un emoji 🚀. '.repeat(4)}`;
    const appointment = await api.appointments.create({
      title: 'Review, Q3; plan',
      contactId,
      startsAt: '2030-03-04T10:00:00+01:00',
      endsAt: '2030-03-04T11:30:00+01:00',
      timeZone: 'Europe/Paris',
      location: 'HQ, room 4',
      meetingUrl: 'https://meet.example.com/room?id=1,2',
      notes,
    });

    const res = await app.request(`/api/appointments/${appointment.id}/ics`, { headers: browser(owner.cookie) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="review-q3-plan.ics"');
    const body = await res.text();

    // Every line ends in CRLF and holds at most 75 octets; continuation lines start with a space.
    expect(body.endsWith('\r\n')).toBe(true);
    const lines = body.slice(0, -2).split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(body).not.toContain('\uFFFD');

    const props = unfold(body).split('\r\n');
    expect(props.slice(0, 6)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Switchboard//Switchboard CRM//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'BEGIN:VEVENT']);
    expect(props.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
    expect(props).toContain(`UID:${appointment.id}@localhost`);
    expect(props).toContain('DTSTART:20300304T090000Z');
    expect(props).toContain('DTEND:20300304T103000Z');
    expect(props).toContain('SUMMARY:Review\\, Q3\\; plan');
    expect(props).toContain('LOCATION:HQ\\, room 4');
    expect(props).toContain('URL:https://meet.example.com/room?id=1,2');
    expect(props).toContain('STATUS:CONFIRMED');
    expect(props.find((p) => p.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    const description = props.find((p) => p.startsWith('DESCRIPTION:'))!;
    expect(description).toBe(`DESCRIPTION:${notes.trim().replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n')}\\n\\nJoin: https://meet.example.com/room?id=1\\,2\\n\\nWith: Ada Curie`);

    await api.appointments.setStatus({ id: appointment.id, status: 'cancelled' });
    const cancelled = unfold(await (await app.request(`/api/appointments/${appointment.id}/ics`, { headers: browser(owner.cookie) })).text());
    expect(cancelled).toContain('\r\nSTATUS:CANCELLED\r\n');
  });

  it('needs appointments:read and an appointment of the organization', async () => {
    const { app, deps, owner, api } = await setup();
    const appointment = await api.appointments.create({ title: 'Private', ...slot(20, '09:00', '10:00') });
    const viewer = await addMember(deps, owner.organizationId, 'viewer');
    expect((await app.request(`/api/appointments/${appointment.id}/ics`, { headers: browser(viewer.cookie) })).status).toBe(200);
    expect((await app.request(`/api/appointments/${appointment.id}/ics`)).status).toBe(401);
    const stranger = await createAccount(deps, 'stranger');
    expect((await app.request(`/api/appointments/${appointment.id}/ics`, { headers: browser(stranger.cookie) })).status).toBe(404);
    expect((await app.request(`/api/appointments/not-an-id/ics`, { headers: browser(owner.cookie) })).status).toBe(400);
  });
});
