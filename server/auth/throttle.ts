import { sql } from 'kysely';
import type { Db } from '../db';
import { DomainError } from '../errors';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 50;

/**
 * Refuses a sign-in once an e-mail has 10 failures (since its last success) or an IP 50 failures
 * within 15 minutes. Stored in the database so every server process sees the same counts.
 */
export async function assertLoginAllowed(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [byEmail, byIp] = await Promise.all([
    db
      .selectFrom('login_attempts')
      .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
      .where('email', '=', email)
      .where('succeeded', '=', false)
      .where('created_at', '>', since)
      .where(
        'created_at',
        '>',
        sql<Date>`coalesce((select max(created_at) from login_attempts where email = ${email} and succeeded), '-infinity'::timestamptz)`,
      )
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('login_attempts')
      .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
      .where('ip', '=', ip)
      .where('succeeded', '=', false)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
  ]);
  const blocked =
    Number(byEmail.n) >= MAX_FAILURES_PER_EMAIL ? byEmail : Number(byIp.n) >= MAX_FAILURES_PER_IP ? byIp : undefined;
  if (!blocked?.oldest) return;
  const retryAfter = Math.max(1, Math.ceil((new Date(blocked.oldest).getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
  throw new DomainError('TOO_MANY_REQUESTS', `Too many sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, {
    retryAfter,
  });
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insertInto('login_attempts').values({ email, ip, succeeded }).execute();
}
