import { insertAppointment, applyAppointmentChange } from '../appointments/service';
import { upsertContactByEmail } from '../contacts/capture';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError, fieldError } from '../errors';
import { normalizePhone } from '../phone';
import { lockNames } from '../rate-limit';
import { busyIntervals, type LoadedCalendar } from './repo';
import { queueBookingMessages } from './notify';
import { computeSlots, type Slot } from './slots';
import type { TBookingInput, TBookingResult as BookingResult } from './schema';
import { newSigningKey, readBookingToken, signatureMatches, type BookingAction } from './tokens';

/** New contacts from a booking page carry this source. */
export const BOOKING_SOURCE = 'booking page';

const SLOT_TAKEN = 'is no longer available: pick another time';
const MINUTE = 60_000;

/** Locks every member's bookings (any calendar) for the transaction: two visitors on one slot are served one after the other. */
const lockMembers = (trx: Db, calendar: LoadedCalendar) =>
  lockNames(
    trx,
    calendar.members.map((m) => `calendar-member:${m.userId}`),
  );

/** The slot starting exactly at `start`, if it is still free, computed from the members' appointments read under the locks. */
async function freeSlotAt(trx: Db, organizationId: string, calendar: LoadedCalendar, start: Date, now: Date, ownAppointmentIds: string[] = []): Promise<Slot | null> {
  if (start.getTime() > now.getTime() + calendar.row.horizon_days * 86_400_000) return null;
  const to = new Date(start.getTime() + 1);
  const busy = await busyIntervals(
    trx,
    organizationId,
    calendar.row.id,
    calendar.members.map((m) => m.userId),
    start,
    new Date(start.getTime() + calendar.rules.slotMinutes * MINUTE),
    ownAppointmentIds,
  );
  const [slot] = computeSlots(calendar.rules, calendar.members, busy, { from: start, to, now });
  return slot ?? null;
}

/** Who takes a slot: everyone on a collective calendar; on a round robin, the free member booked longest ago (then the first listed). */
function assigneesOf(calendar: LoadedCalendar, slot: Slot) {
  const free = calendar.members.filter((m) => slot.userIds.includes(m.userId));
  if (calendar.rules.kind !== 'round_robin') return free;
  const next = [...free].sort((a, b) => (a.lastBookedAt?.getTime() ?? 0) - (b.lastBookedAt?.getTime() ?? 0) || a.position - b.position)[0]!;
  return [next];
}

function checkAnswers(calendar: LoadedCalendar, answers: Record<string, string>): void {
  const known = new Set(calendar.questions.map((q) => q.id));
  for (const id of Object.keys(answers)) if (!known.has(id)) throw fieldError(`answers.${id}`, 'is not a question of this calendar');
  for (const q of calendar.questions) if (q.required && !answers[q.id]) throw fieldError(`answers.${q.id}`, 'is required');
}

function namesOf(name: string) {
  const [first, ...rest] = name.split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || undefined };
}

const notesOf = (calendar: LoadedCalendar, answers: Record<string, string>) =>
  calendar.questions
    .filter((q) => answers[q.id])
    .map((q) => `${q.label}\n${answers[q.id]}`)
    .join('\n\n') || null;

/**
 * A visitor's (or an integrator's) booking, in one transaction under the members' locks: the slot
 * checked free again, the contact found or created by e-mail, one appointment per member taking
 * part (through the appointments service: its event and timeline entry), the booking row, and the
 * confirmation e-mail (with its .ics) and SMS queued. Two requests for one slot: exactly one wins,
 * the other is refused naming `startsAt`.
 */
export async function bookSlot(deps: AppDeps, db: Db, calendar: LoadedCalendar, input: TBookingInput, actorUserId: string | null): Promise<BookingResult> {
  if (!calendar.row.active) throw new DomainError('NOT_FOUND', 'Calendar not found');
  checkAnswers(calendar, input.answers);
  let phone: string | null = null;
  if (input.phone) {
    const normalized = normalizePhone(input.phone);
    if (!normalized.ok) throw fieldError('phone', normalized.reason);
    phone = normalized.e164;
  }
  const organizationId = calendar.row.organization_id;
  const start = new Date(input.startsAt);
  return db.transaction().execute(async (trx) => {
    await lockMembers(trx, calendar);
    const slot = await freeSlotAt(trx, organizationId, calendar, start, new Date());
    if (!slot) throw new DomainError('CONFLICT', `startsAt: ${SLOT_TAKEN}`, { issues: [{ path: 'startsAt', message: SLOT_TAKEN }] });
    const assignees = assigneesOf(calendar, slot);
    const { contact } = await upsertContactByEmail(trx, organizationId, { email: input.email, ...namesOf(input.name), phone, source: BOOKING_SOURCE }, null, { via: 'booking', actorUserId });
    const booking = await scoped(trx, organizationId)
      .insertInto('calendar_bookings', {
        calendar_id: calendar.row.id,
        contact_id: contact.id,
        starts_at: slot.start,
        ends_at: slot.end,
        time_zone: input.timeZone,
        name: input.name,
        email: input.email,
        phone,
        answers: JSON.stringify(input.answers),
        signing_key: newSigningKey(),
      })
      .returning(['id', 'signing_key'])
      .executeTakeFirstOrThrow();
    const appointmentIds: string[] = [];
    for (const member of assignees) {
      const appointmentId = await insertAppointment(trx, organizationId, actorUserId, {
        title: `${calendar.row.name}: ${input.name}`,
        contactId: contact.id,
        assigneeId: member.userId,
        startsAt: slot.start,
        endsAt: slot.end,
        timeZone: member.timeZone,
        location: calendar.row.location,
        meetingUrl: null,
        status: 'scheduled',
        notes: notesOf(calendar, input.answers),
      });
      appointmentIds.push(appointmentId);
      await scoped(trx, organizationId).insertInto('calendar_booking_appointments', { booking_id: booking.id, appointment_id: appointmentId, user_id: member.userId }).execute();
    }
    await scoped(trx, organizationId)
      .updateTable('calendar_members')
      .set({ last_booked_at: new Date() })
      .where('calendar_id', '=', calendar.row.id)
      .where(
        'user_id',
        'in',
        assignees.map((m) => m.userId),
      )
      .execute();
    const result: BookingResult = {
      id: booking.id,
      calendarId: calendar.row.id,
      status: 'confirmed',
      startsAt: slot.start.toISOString(),
      endsAt: slot.end.toISOString(),
      timeZone: input.timeZone,
      contactId: contact.id,
      appointmentIds,
      assignees: assignees.map((m) => ({ id: m.userId, name: m.name })),
    };
    await queueBookingMessages(trx, deps, calendar, { ...result, name: input.name, email: input.email, phone, signingKey: booking.signing_key }, 'confirmed');
    return result;
  });
}

/** The booking a link names, when its signature holds for that action; anything else is the same 404 (no oracle). */
export async function bookingByToken(db: Db, token: string, action: BookingAction) {
  const parsed = readBookingToken(token);
  const invalid = () => new DomainError('NOT_FOUND', 'This booking link is not valid');
  if (parsed.action !== action) throw invalid();
  const row = await db.selectFrom('calendar_bookings').selectAll().where('id', '=', parsed.bookingId).executeTakeFirst();
  if (!row || !signatureMatches(row.signing_key, parsed)) throw invalid();
  return row;
}

async function bookingAppointments(trx: Db, organizationId: string, bookingId: string) {
  return scoped(trx, organizationId).selectFrom('calendar_booking_appointments').select(['appointment_id', 'user_id']).where('booking_id', '=', bookingId).execute();
}

type BookingRow = Awaited<ReturnType<typeof bookingByToken>>;

/** Moves a confirmed booking to another free slot of its calendar (its own time counts as free), its appointments with it. */
export async function rescheduleBooking(deps: AppDeps, db: Db, calendar: LoadedCalendar, booking: BookingRow, startsAt: string): Promise<BookingResult> {
  if (booking.status !== 'confirmed') throw new DomainError('CONFLICT', 'This booking was cancelled');
  const organizationId = booking.organization_id;
  const start = new Date(startsAt);
  return db.transaction().execute(async (trx) => {
    await lockMembers(trx, calendar);
    const links = await bookingAppointments(trx, organizationId, booking.id);
    // Its own appointments do not block the new time: they move there.
    const slot = await freeSlotAt(
      trx,
      organizationId,
      calendar,
      start,
      new Date(),
      links.map((l) => l.appointment_id),
    );
    const taken = links.map((l) => l.user_id);
    if (!slot || !taken.every((id) => slot.userIds.includes(id))) throw new DomainError('CONFLICT', `startsAt: ${SLOT_TAKEN}`, { issues: [{ path: 'startsAt', message: SLOT_TAKEN }] });
    for (const link of links) {
      await applyAppointmentChange(trx, organizationId, null, link.appointment_id, { startsAt: slot.start.toISOString(), endsAt: slot.end.toISOString() });
    }
    await scoped(trx, organizationId).updateTable('calendar_bookings').set({ starts_at: slot.start, ends_at: slot.end, updated_at: new Date() }).where('id', '=', booking.id).execute();
    const result = resultOf(calendar, { ...booking, starts_at: slot.start, ends_at: slot.end }, links);
    await queueBookingMessages(trx, deps, calendar, { ...result, name: booking.name, email: booking.email, phone: booking.phone, signingKey: booking.signing_key }, 'rescheduled');
    return result;
  });
}

/** Cancels a booking and its appointments; cancelling again answers the same. */
export async function cancelBooking(deps: AppDeps, db: Db, calendar: LoadedCalendar, booking: BookingRow): Promise<BookingResult> {
  const organizationId = booking.organization_id;
  return db.transaction().execute(async (trx) => {
    const current = await scoped(trx, organizationId).selectFrom('calendar_bookings').select('status').where('id', '=', booking.id).forUpdate().executeTakeFirstOrThrow();
    const links = await bookingAppointments(trx, organizationId, booking.id);
    const result = resultOf(calendar, { ...booking, status: 'cancelled' }, links);
    if (current.status === 'cancelled') return result;
    for (const link of links) await applyAppointmentChange(trx, organizationId, null, link.appointment_id, { status: 'cancelled' });
    await scoped(trx, organizationId).updateTable('calendar_bookings').set({ status: 'cancelled', updated_at: new Date() }).where('id', '=', booking.id).execute();
    await queueBookingMessages(trx, deps, calendar, { ...result, name: booking.name, email: booking.email, phone: booking.phone, signingKey: booking.signing_key }, 'cancelled');
    return result;
  });
}

function resultOf(
  calendar: LoadedCalendar,
  booking: Pick<BookingRow, 'id' | 'calendar_id' | 'status' | 'starts_at' | 'ends_at' | 'time_zone' | 'contact_id'>,
  links: { appointment_id: string; user_id: string }[],
): BookingResult {
  return {
    id: booking.id,
    calendarId: booking.calendar_id,
    status: booking.status,
    startsAt: booking.starts_at.toISOString(),
    endsAt: booking.ends_at.toISOString(),
    timeZone: booking.time_zone,
    contactId: booking.contact_id,
    appointmentIds: links.map((l) => l.appointment_id),
    assignees: links.map((l) => ({ id: l.user_id, name: calendar.members.find((m) => m.userId === l.user_id)?.name ?? '' })),
  };
}
