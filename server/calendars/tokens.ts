import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../deps';

/**
 * A booking's reschedule and cancel links: `<booking id>.<action>.<signature>`, the signature an
 * HMAC-SHA256 of id and action under the booking's own random key (stored with it, never sent). A
 * changed id, action or signature fails the check; deleting the booking voids its links.
 */
export type BookingAction = 'reschedule' | 'cancel';

export const newSigningKey = () => randomBytes(32).toString('base64url');

const signatureOf = (key: string, bookingId: string, action: BookingAction) => createHmac('sha256', key).update(`${bookingId}.${action}`).digest('base64url');

export const bookingToken = (key: string, bookingId: string, action: BookingAction) => `${bookingId}.${action}.${signatureOf(key, bookingId, action)}`;

/** The id and action a token names, before its signature is checked against the booking's key. */
export function readBookingToken(token: string): { bookingId: string; action: BookingAction; signature: string } {
  const [bookingId, action, signature] = token.split('.') as [string, BookingAction, string];
  return { bookingId, action, signature };
}

export function signatureMatches(key: string, token: { bookingId: string; action: BookingAction; signature: string }): boolean {
  const expected = Buffer.from(signatureOf(key, token.bookingId, token.action));
  const given = Buffer.from(token.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The booking's manage pages, where the visitor reschedules or cancels. */
export const bookingLinks = (deps: Pick<AppDeps, 'config'>, signingKey: string, bookingId: string) => ({
  reschedule: `${deps.config.publicUrl}/book/manage/${bookingToken(signingKey, bookingId, 'reschedule')}`,
  cancel: `${deps.config.publicUrl}/book/manage/${bookingToken(signingKey, bookingId, 'cancel')}`,
});
