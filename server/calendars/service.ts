import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError, fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { assertMember } from '../organizations/members';
import { zonedParts } from '../time/zoned';
import { bookSlot } from './booking';
import { bookingUrl, busyIntervals, ensureBookingHandle, loadCalendar, readBookingHandle, type LoadedCalendar } from './repo';
import { computeSlots } from './slots';
import type { TBookingInput, TCalendarMemberInput, TCreateCalendarInput, TUpdateCalendarInput, ZCalendarIdInput, ZSlotsQuery } from './schema';

const calendarNotFound = () => new DomainError('NOT_FOUND', 'Calendar not found');

export async function requireCalendar(db: Db, organizationId: string, id: string): Promise<LoadedCalendar> {
  const calendar = await loadCalendar(db, organizationId, id);
  if (!calendar) throw calendarNotFound();
  return calendar;
}

function toCalendar(calendar: LoadedCalendar, url: string) {
  const { row } = calendar;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    kind: row.kind,
    slotMinutes: row.slot_minutes,
    bufferBeforeMinutes: row.buffer_before_minutes,
    bufferAfterMinutes: row.buffer_after_minutes,
    minimumNoticeMinutes: row.minimum_notice_minutes,
    maximumPerDay: row.maximum_per_day,
    horizonDays: row.horizon_days,
    location: row.location,
    questions: calendar.questions,
    active: row.active,
    members: calendar.members.map((m) => ({ userId: m.userId, name: m.name, timeZone: m.timeZone, weekly: m.weekly, overrides: m.overrides })),
    bookingUrl: url,
  };
}

/** Every calendar of the organization with its public booking URL (for the screen and GET /api/v1/calendars). */
export async function listCalendars(ctx: OrgContext) {
  const handle = (await readBookingHandle(ctx.db, ctx.organizationId)) ?? '';
  const rows = await scoped(ctx.db, ctx.organizationId).selectFrom('calendars').select(['id', 'name', 'slug', 'kind', 'slot_minutes', 'active']).orderBy('name').orderBy('id').execute();
  return {
    items: rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, kind: r.kind, slotMinutes: r.slot_minutes, active: r.active, bookingUrl: bookingUrl(ctx.deps.config.publicUrl, handle, r.slug) })),
  };
}

export async function getCalendar(ctx: OrgContext, { id }: z.output<typeof ZCalendarIdInput>) {
  const calendar = await requireCalendar(ctx.db, ctx.organizationId, id);
  return toCalendar(calendar, bookingUrl(ctx.deps.config.publicUrl, (await readBookingHandle(ctx.db, ctx.organizationId)) ?? '', calendar.row.slug));
}

async function assertMembers(ctx: OrgContext, members: TCalendarMemberInput[]) {
  for (const [index, member] of members.entries()) await assertMember(ctx.db, ctx.organizationId, member.userId, `members.${index}.userId`);
}

async function assertSlugFree(db: Db, organizationId: string, slug: string, exceptId?: string) {
  let query = scoped(db, organizationId).selectFrom('calendars').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw new DomainError('CONFLICT', 'slug: is already used by another calendar', { issues: [{ path: 'slug', message: 'is already used by another calendar' }] });
}

async function writeMembers(trx: Db, organizationId: string, calendarId: string, members: TCalendarMemberInput[]) {
  await scoped(trx, organizationId).deleteFrom('calendar_members').where('calendar_id', '=', calendarId).execute();
  await scoped(trx, organizationId)
    .insertInto(
      'calendar_members',
      members.map((m, position) => ({ calendar_id: calendarId, user_id: m.userId, position, time_zone: m.timeZone, weekly: JSON.stringify(m.weekly), overrides: JSON.stringify(m.overrides) })),
    )
    .execute();
}

export async function createCalendar(ctx: OrgContext, input: TCreateCalendarInput) {
  await assertMembers(ctx, input.members);
  await assertSlugFree(ctx.db, ctx.organizationId, input.slug);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await ensureBookingHandle(trx, ctx.organizationId);
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('calendars', {
        slug: input.slug,
        name: input.name,
        description: input.description ?? null,
        kind: input.kind,
        slot_minutes: input.slotMinutes,
        buffer_before_minutes: input.bufferBeforeMinutes,
        buffer_after_minutes: input.bufferAfterMinutes,
        minimum_notice_minutes: input.minimumNoticeMinutes,
        maximum_per_day: input.maximumPerDay,
        horizon_days: input.horizonDays,
        location: input.location ?? null,
        questions: JSON.stringify(input.questions),
        active: input.active,
        created_by: actorIdOf(ctx),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeMembers(trx, ctx.organizationId, row.id, input.members);
    return row.id;
  });
  return getCalendar(ctx, { id });
}

export async function updateCalendar(ctx: OrgContext, { id, members, ...changes }: TUpdateCalendarInput) {
  const current = await requireCalendar(ctx.db, ctx.organizationId, id);
  const kind = changes.kind ?? current.row.kind;
  if (kind === 'personal' && (members?.length ?? current.members.length) !== 1) throw fieldError('members', 'must be exactly one member on a personal calendar');
  if (members) await assertMembers(ctx, members);
  if (changes.slug) await assertSlugFree(ctx.db, ctx.organizationId, changes.slug, id);
  await ctx.db.transaction().execute(async (trx) => {
    await scoped(trx, ctx.organizationId)
      .updateTable('calendars')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.slug !== undefined ? { slug: changes.slug } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.kind !== undefined ? { kind: changes.kind } : {}),
        ...(changes.slotMinutes !== undefined ? { slot_minutes: changes.slotMinutes } : {}),
        ...(changes.bufferBeforeMinutes !== undefined ? { buffer_before_minutes: changes.bufferBeforeMinutes } : {}),
        ...(changes.bufferAfterMinutes !== undefined ? { buffer_after_minutes: changes.bufferAfterMinutes } : {}),
        ...(changes.minimumNoticeMinutes !== undefined ? { minimum_notice_minutes: changes.minimumNoticeMinutes } : {}),
        ...(changes.maximumPerDay !== undefined ? { maximum_per_day: changes.maximumPerDay } : {}),
        ...(changes.horizonDays !== undefined ? { horizon_days: changes.horizonDays } : {}),
        ...(changes.location !== undefined ? { location: changes.location } : {}),
        ...(changes.questions !== undefined ? { questions: JSON.stringify(changes.questions) } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    if (members) await writeMembers(trx, ctx.organizationId, id, members);
  });
  return getCalendar(ctx, { id });
}

export async function deleteCalendar(ctx: OrgContext, { id }: z.output<typeof ZCalendarIdInput>) {
  const deleted = await scoped(ctx.db, ctx.organizationId).deleteFrom('calendars').where('id', '=', id).returning('id').executeTakeFirst();
  if (!deleted) throw calendarNotFound();
  return { id };
}

/** The free slots of [from, to), each with its wall date and time in the asker's zone: one range query, computed in memory. */
export async function slotsOf(db: Db, calendar: LoadedCalendar, query: z.output<typeof ZSlotsQuery>, now = new Date()) {
  const from = new Date(query.from);
  const horizon = new Date(now.getTime() + calendar.row.horizon_days * 86_400_000);
  const to = new Date(Math.min(Date.parse(query.to), horizon.getTime()));
  if (!calendar.row.active || to <= from) return { timeZone: query.timeZone, slots: [] };
  const busy = await busyIntervals(
    db,
    calendar.row.organization_id,
    calendar.row.id,
    calendar.members.map((m) => m.userId),
    from,
    to,
  );
  const slots = computeSlots(calendar.rules, calendar.members, busy, { from, to, now });
  return {
    timeZone: query.timeZone,
    slots: slots.map((s) => {
      const local = zonedParts(s.start, query.timeZone);
      return { startsAt: s.start.toISOString(), endsAt: s.end.toISOString(), date: local.date, time: local.time };
    }),
  };
}

export async function calendarSlots(ctx: OrgContext, { id, ...query }: { id: string } & z.output<typeof ZSlotsQuery>) {
  return slotsOf(ctx.db, await requireCalendar(ctx.db, ctx.organizationId, id), query);
}

/** A booking made by a member or an integrator (POST /api/v1/calendars/{id}/bookings): the visitor's path, acted by the caller. */
export async function bookForCaller(ctx: OrgContext, { id, ...input }: { id: string } & TBookingInput) {
  const calendar = await requireCalendar(ctx.db, ctx.organizationId, id);
  return bookSlot(ctx.deps, ctx.db, calendar, input, actorIdOf(ctx));
}
