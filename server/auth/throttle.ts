import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db';
import { lockNames, secondsUntil, tooManyRequests, waitText, type RateLimit } from '../rate-limit';

/*
 * The auth limits, each number defined here once.
 *
 * Sign-in: an unknown client (no device cookie of the account) is slowed, then refused. Counted are
 * the e-mail's failures from unknown clients since its last success from one, within LOGIN_WINDOW_MS.
 * The first FREE_FAILURES_PER_EMAIL cost nothing; after that an attempt is admitted only once
 * slowdownSeconds(failures) — SLOWDOWN_FIRST_SECONDS, doubling with each further failure, at most
 * SLOWDOWN_MAX_SECONDS (1, 2, 4 … 64 s) — have passed since the latest of them. At
 * MAX_FAILURES_PER_EMAIL failures, or MAX_FAILURES_PER_IP from the client's address, it is refused
 * until the oldest leaves the window. A trusted device (server/auth/devices.ts) is held by none of
 * those: its own failures count against it alone, MAX_FAILURES_PER_DEVICE in the window — so
 * failures from elsewhere never lock the account's owner out of, nor slow them down in, a browser
 * they have signed in from before.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const FREE_FAILURES_PER_EMAIL = 3;
export const SLOWDOWN_FIRST_SECONDS = 1;
export const SLOWDOWN_MAX_SECONDS = 64;
export const MAX_FAILURES_PER_IP = 50;
export const MAX_FAILURES_PER_DEVICE = 5;

/** Seconds an unknown client must wait after the latest of an e-mail's `failures` before its next attempt. */
export const slowdownSeconds = (failures: number): number =>
  failures < FREE_FAILURES_PER_EMAIL ? 0 : Math.min(SLOWDOWN_MAX_SECONDS, SLOWDOWN_FIRST_SECONDS * 2 ** (failures - FREE_FAILURES_PER_EMAIL));

/** Sign-ups accepted from one client address per hour: SIGNUPS_PER_HOUR (default 5). */
export const signupLimit = (config: Pick<Config, 'signupsPerHour'>): RateLimit => ({ bucket: 'auth.signup', max: config.signupsPerHour, windowSeconds: 3600 });

/** "Someone tried to sign up with your address" e-mails one account receives per hour; past it, attempts are refused as before, silently. */
export const SIGNUP_NOTICE_LIMIT: RateLimit = { bucket: 'auth.signup_notice', max: 2, windowSeconds: 3600 };

/** Password changes a user may attempt (a wrong current password included) per 15 minutes. */
export const PASSWORD_CHANGE_LIMIT: RateLimit = { bucket: 'auth.password_change', max: 5, windowSeconds: 15 * 60 };

export const tooManySignIns = (retryAfter: number) => tooManyRequests(`Too many sign-in attempts. Try again in ${waitText(retryAfter)}.`, retryAfter);
export const signupsMessage = (retryAfter: number) => `Too many sign-ups from this address. Try again in ${waitText(retryAfter)}.`;
export const passwordChangesMessage = (retryAfter: number) => `Too many password change attempts. Try again in ${waitText(retryAfter)}.`;

export type LoginAttempt = { email: string; ip: string; deviceId: string | null };

/**
 * Admits one sign-in attempt or refuses it (429 with Retry-After). Race-free: under advisory locks
 * on what it is counted by (the device; or the e-mail and the address), the failures are counted
 * and this attempt is recorded as one — a failure until markLoginSucceeded says otherwise — in one
 * transaction. Simultaneous attempts therefore see each other: no more passwords than the limit are
 * ever checked, and of attempts made during a slow-down none is admitted, then only the first once
 * it is over (it starts the next, longer one). Time is the database's (now()). Answers the
 * attempt's id.
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
          // An attempt recorded after this transaction began counts as just now, not in the future.
          sql<number | null>`greatest(0, extract(epoch from now() - max(created_at)))::float8`.as('since_latest'),
        ])
        .where('succeeded', '=', false)
        .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`);
    /** Seconds until this attempt may be admitted; 0 when it may be now. */
    let wait = 0;
    if (attempt.deviceId) {
      const byDevice = await failures().where('device_id', '=', attempt.deviceId).executeTakeFirstOrThrow();
      if (Number(byDevice.n) >= MAX_FAILURES_PER_DEVICE) wait = secondsUntil(byDevice.frees_in);
    } else {
      const byEmail = await failures()
        .where('email', '=', attempt.email)
        .where('device_id', 'is', null)
        .where('created_at', '>', sql<Date>`coalesce((select max(created_at) from login_attempts where email = ${attempt.email} and succeeded and device_id is null), '-infinity'::timestamptz)`)
        .executeTakeFirstOrThrow();
      const byIp = await failures().where('ip', '=', attempt.ip).where('device_id', 'is', null).executeTakeFirstOrThrow();
      const emailFailures = Number(byEmail.n);
      const sinceLatest = Number(byEmail.since_latest ?? 0);
      if (emailFailures >= MAX_FAILURES_PER_EMAIL) {
        // Locked until the oldest failure leaves the window; by then the slow-down of one fewer must be over too.
        wait = Math.max(secondsUntil(byEmail.frees_in), slowdownSeconds(MAX_FAILURES_PER_EMAIL - 1) - sinceLatest);
      } else {
        const slowedFor = slowdownSeconds(emailFailures) - sinceLatest;
        if (slowedFor > 0) wait = secondsUntil(slowedFor);
      }
      if (Number(byIp.n) >= MAX_FAILURES_PER_IP) wait = Math.max(wait, secondsUntil(byIp.frees_in));
    }
    if (wait > 0) return { ok: false as const, retryAfter: secondsUntil(wait) };
    const row = await trx.insertInto('login_attempts').values({ email: attempt.email, ip: attempt.ip, succeeded: false, device_id: attempt.deviceId }).returning('id').executeTakeFirstOrThrow();
    return { ok: true as const, id: Number(row.id) };
  });
  if (!verdict.ok) throw tooManySignIns(verdict.retryAfter);
  return verdict.id;
}

/** The admitted attempt had the right password. */
export async function markLoginSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', String(attemptId)).execute();
}
