import { Hono } from 'hono';
import { parseInput } from '../errors';
import { requireOrg } from '../http/auth';
import { readBody, readQuery } from '../http/body';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { bookingPage, cancelByToken, siteOwnerBookingPage, managedBooking, managedSlots, publicBook, publicSlots, rescheduleByToken } from './public';
import { ZBookingInput, ZBookingToken, ZCalendarIdInput, ZRescheduleBookingInput, ZSlotsQuery } from './schema';
import * as calendars from './service';

const idOf = (c: { req: { param: (name: string) => string } }) => parseInput(ZCalendarIdInput, { id: c.req.param('id') });
const tokenOf = (c: { req: { param: (name: string) => string } }) => parseInput(ZBookingToken, c.req.param('token'));

/** /api/v1/calendars for integrators (described in server/api-v1/doors.ts). */
export const calendarsV1Rest = new Hono<AppEnv>()
  .get('/', requireOrg('calendars:read'), async (c) => c.json(await calendars.listCalendars(orgContextOf(c))))
  // Another organization's calendar is a 404 whatever the query or body says: the calendar is found first.
  .get('/:id/slots', requireOrg('calendars:read'), async (c) => {
    const ctx = orgContextOf(c);
    const calendar = await calendars.requireCalendar(ctx.db, ctx.organizationId, idOf(c).id);
    return c.json(await calendars.slotsOf(ctx.db, calendar, readQuery(c, ZSlotsQuery)));
  })
  .post('/:id/bookings', requireOrg('calendars:book'), async (c) => {
    const ctx = orgContextOf(c);
    const { id } = idOf(c);
    await calendars.requireCalendar(ctx.db, ctx.organizationId, id);
    return c.json(await calendars.bookForCaller(ctx, { id, ...(await readBody(c, ZBookingInput)) }), 201);
  });

/**
 * /api/booking — the public booking pages' doors (no session): a calendar's page, its slots and a
 * booking by the page's handles; a booking's manage links by their signed token.
 */
export const bookingRest = new Hono<AppEnv>()
  .get('/site-owner', async (c) => c.json(await siteOwnerBookingPage(c.var.deps)))
  .get('/pages/:handle/:slug', async (c) => c.json(await bookingPage(c.var.deps, c.req.param('handle'), c.req.param('slug'))))
  .get('/pages/:handle/:slug/slots', async (c) => c.json(await publicSlots(c.var.deps, c.req.param('handle'), c.req.param('slug'), readQuery(c, ZSlotsQuery))))
  .post('/pages/:handle/:slug/bookings', async (c) =>
    c.json(await publicBook(c.var.deps, c.req.param('handle'), c.req.param('slug'), await readBody(c, ZBookingInput, { notJson: 'The request body must be a JSON object' }), c.var.meta), 201),
  )
  .get('/manage/:token', async (c) => {
    const token = tokenOf(c);
    return c.json(await managedBooking(c.var.deps, token, token.split('.')[1] as 'reschedule' | 'cancel'));
  })
  .get('/manage/:token/slots', async (c) => c.json(await managedSlots(c.var.deps, tokenOf(c), readQuery(c, ZSlotsQuery))))
  .post('/manage/:token/reschedule', async (c) => {
    const token = tokenOf(c);
    return c.json(await rescheduleByToken(c.var.deps, token, (await readBody(c, ZRescheduleBookingInput)).startsAt));
  })
  .post('/manage/:token/cancel', async (c) => c.json(await cancelByToken(c.var.deps, tokenOf(c))));
