import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db';
import { lockNames, secondsUntil, tooManyRequests, waitText, type RateLimit } from '../rate-limit';

/*
 * The auth limits, each number defined here once.
 *
 * Sign-in: an unknown client (no device cookie of the account) is refused once the e-mail has
 * MAX_FAILURES_PER_EMAIL failures from unknown clients since its last success from one, or its
 * address MAX_FAILURES_PER_IP failures, within LOGIN_WINDOW_MS. A trusted device (server/auth/devices.ts)
 * is not held by those: its own failures count against it alone, MAX_FAILURES_PER_DEVICE in the
 * window — so failures from elsewhere never lock the account's owner out of a browser they have
 * signed in from before.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 50;
export const MAX_FAILURES_PER_DEVICE = 5;

/** Sign-ups accepted from one client address per hour: SIGNUPS_PER_HOUR (default 5). */
export const signupLimit = (config: Pick<Config, 'signupsPerHour'>): RateLimit => ({ bucket: 'auth.signup', max: config.signupsPerHour, windowSeconds: 3600 });

/** Password changes a user may attempt (a wrong current password included) per 15 minutes. */
export const PASSWORD_CHANGE_LIMIT: RateLimit = { bucket: 'auth.password_change', max: 5, windowSeconds: 15 * 60 };

export const tooManySignIns = (retryAfter: number) => tooManyRequests(`Too many sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, retryAfter);
export const signupsMessage = (retryAfter: number) => `Too many sign-ups from this address. Try again in ${waitText(retryAfter)}.`;
export const passwordChangesMessage = (retryAfter: number) => `Too many password change attempts. Try again in ${waitText(retryAfter)}.`;

export type LoginAttempt = { email: string; ip: string; deviceId: string | null };

/**
 * Admits one sign-in attempt or refuses it (429 with Retry-After). Race-free: under advisory locks
 * on what it is counted by (the device; or the e-mail and the address), the failures are counted
 * and this attempt is recorded as one — a failure until markLoginSucceeded says otherwise — in one
 * transaction. Simultaneous attempts therefore see each other, and no more passwords than the
 * limit are ever checked. Answers the attempt's id.
 */
export async function admitLoginAttempt(db: Db, attempt: LoginAttempt): Promise<number> {
  const windowSeconds = LOGIN_WINDOW_MS / 1000;
  const verdict = await db.transaction().execute(async (trx) => {
    await lockNames(trx, attempt.deviceId ? [`login:device:${attempt.deviceId}`] : [`login:email:${attempt.email}`, `login:ip:${attempt.ip}`]);
    const failures = () =>
      trx
        .selectFrom('login_attempts')
        .select([
          (eb) => eb.fn.countAll<number>().as('n'),
          sql<number | null>`extract(epoch from min(created_at) + make_interval(secs => ${windowSeconds}) - now())::float8`.as('frees_in'),
        ])
        .where('succeeded', '=', false)
        .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`);
    const counts: { n: number; frees_in: number | null; max: number }[] = [];
    if (attempt.deviceId) {
      counts.push({ ...(await failures().where('device_id', '=', attempt.deviceId).executeTakeFirstOrThrow()), max: MAX_FAILURES_PER_DEVICE });
    } else {
      const byEmail = await failures()
        .where('email', '=', attempt.email)
        .where('device_id', 'is', null)
        .where(
          'created_at',
          '>',
          sql<Date>`coalesce((select max(created_at) from login_attempts where email = ${attempt.email} and succeeded and device_id is null), '-infinity'::timestamptz)`,
        )
        .executeTakeFirstOrThrow();
      const byIp = await failures().where('ip', '=', attempt.ip).where('device_id', 'is', null).executeTakeFirstOrThrow();
      counts.push({ ...byEmail, max: MAX_FAILURES_PER_EMAIL }, { ...byIp, max: MAX_FAILURES_PER_IP });
    }
    const blocked = counts.find((c) => Number(c.n) >= c.max);
    if (blocked) return { ok: false as const, retryAfter: secondsUntil(blocked.frees_in) };
    const row = await trx
      .insertInto('login_attempts')
      .values({ email: attempt.email, ip: attempt.ip, succeeded: false, device_id: attempt.deviceId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true as const, id: Number(row.id) };
  });
  if (!verdict.ok) throw tooManySignIns(verdict.retryAfter);
  return verdict.id;
}

/** The admitted attempt had the right password. */
export async function markLoginSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', String(attemptId)).execute();
}
