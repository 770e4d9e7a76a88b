import { parse, serialize } from 'hono/utils/cookie';
import type { Config } from '../config';
import type { Db } from '../db';
import { randomToken, sha256 } from './tokens';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * has signed in to an account carries a random 256-bit token bound to that user (the database keeps
 * only its SHA-256). Sign-in attempts with it are counted against that device alone, so failures
 * from anywhere else cannot lock the account's owner out (server/auth/throttle.ts). The cookie
 * grants nothing by itself: the password is still checked.
 */
export const DEVICE_COOKIE = 'sb_device';
export const DEVICE_DAYS = 180;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The id of the trusted device the request's Cookie header names, when it is this user's and current. */
export async function trustedDeviceOf(db: Db, userId: string, cookieHeader: string | null | undefined): Promise<string | null> {
  const token = cookieHeader ? parse(cookieHeader, DEVICE_COOKIE)[DEVICE_COOKIE] : undefined;
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const row = await db.selectFrom('trusted_devices').select('id').where('id', '=', sha256(token)).where('user_id', '=', userId).where('expires_at', '>', new Date()).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Trusts the browser a user has just signed in from with a fresh token (replacing the one it came
 * with, if any); answers the Set-Cookie value.
 */
export async function trustDevice(db: Db, config: Pick<Config, 'publicUrl'>, userId: string, previousId: string | null): Promise<string> {
  const token = randomToken(32);
  await db.transaction().execute(async (trx) => {
    if (previousId) await trx.deleteFrom('trusted_devices').where('id', '=', previousId).execute();
    await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).where('expires_at', '<=', new Date()).execute();
    await trx
      .insertInto('trusted_devices')
      .values({ id: sha256(token), user_id: userId, expires_at: new Date(Date.now() + DEVICE_DAYS * 24 * 3600 * 1000) })
      .execute();
  });
  return serialize(DEVICE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: DEVICE_DAYS * 24 * 3600,
  });
}
