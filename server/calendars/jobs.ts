import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import { permissionsFor } from '../kernel/access';
import type { OrgContext } from '../kernel/context';
import { sendAutomatedSms } from '../sms/service';

export const BOOKING_SMS_JOB = 'calendars.booking-sms' as const;

export type BookingSmsJobData = { organizationId: string; actorUserId: string | null; contactId: string; to: string; message: string; idempotencyKey: string };

export type CalendarJobs = { [BOOKING_SMS_JOB]: BookingSmsJobData };

/**
 * A booking's SMS, sent through the SMS service for the member who was booked (opt-outs refuse it,
 * quiet hours hold it; the idempotency key makes a retried job one message). A refusal is stored
 * by the SMS service as the message's state, so the job ends there.
 */
async function sendBookingSms(deps: AppDeps, data: BookingSmsJobData): Promise<void> {
  const db = deps.database.forOrganization(data.organizationId);
  const org = await db.selectFrom('organizations').select('name').where('id', '=', data.organizationId).executeTakeFirstOrThrow();
  const user = data.actorUserId ? ((await db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', data.actorUserId).executeTakeFirst()) ?? null) : null;
  const ctx: OrgContext = {
    db,
    organizationId: data.organizationId,
    deps,
    auth: { via: 'session', user, session: null, apiKey: null, organization: { id: data.organizationId, name: org.name, role: 'admin' }, permissions: permissionsFor('admin') },
  };
  try {
    await sendAutomatedSms(ctx, { to: data.to, message: data.message, contactId: data.contactId, idempotencyKey: data.idempotencyKey });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    deps.logger.info({ organizationId: data.organizationId, reason: error.message }, 'booking SMS refused');
  }
}

export function registerCalendarJobs(deps: AppDeps): void {
  deps.jobs.register(BOOKING_SMS_JOB, (job) => sendBookingSms(deps, job.data), { concurrency: 4, retryLimit: 5, retryDelay: 10, expireInSeconds: 120 });
}
