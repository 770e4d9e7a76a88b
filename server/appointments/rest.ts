import { Hono } from 'hono';
import { requireOrg } from '../http/auth';
import type { AppEnv } from '../http/env';
import { appointmentIcs } from './service';

/** GET /api/appointments/:id/ics — the appointment as a calendar file, for "Add to calendar". */
export const appointmentsRest = new Hono<AppEnv>().get('/:id/ics', requireOrg('appointments:read'), async (c) => {
  const { auth, deps } = c.var;
  const domain = new URL(deps.config.publicUrl).hostname;
  const { filename, body } = await appointmentIcs({ db: deps.database.db, organizationId: auth.organization.id, auth }, c.req.param('id'), domain);
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
  });
});
