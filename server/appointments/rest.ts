import { Hono } from 'hono';
import { parseInput } from '../errors';
import { requireOrg } from '../http/auth';
import type { AppEnv } from '../http/env';
import { orgContextOf } from '../http/context';
import { ZAppointmentIdInput } from './schema';
import { appointmentIcs } from './service';

/** GET /api/appointments/:id/ics — the appointment as a calendar file, for "Add to calendar". */
export const appointmentsRest = new Hono<AppEnv>().get('/:id/ics', requireOrg('appointments:read'), async (c) => {
  // The path's id through the same schema as appointments.get: a malformed one is a 400 naming `id`.
  const input = parseInput(ZAppointmentIdInput, { id: c.req.param('id') });
  const domain = new URL(c.var.deps.config.publicUrl).hostname;
  const { filename, body } = await appointmentIcs(orgContextOf(c), input, domain);
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
  });
});
