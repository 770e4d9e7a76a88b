import { fieldError } from '../errors';

/**
 * The keyset cursor of the e-mail lists (messages, suppressions), newest first: the last row's
 * created_at and id, base64url. A cursor that does not decode to both is a 400 naming `cursor`.
 */
export function encodePageCursor(row: { created_at: Date; id: string }): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

export function decodePageCursor(cursor: string): { createdAt: Date; id: string } {
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  // A time the database cannot hold (year 275760, or before 4713 BC) would be a cast error, not a 400.
  const year = createdAt.getUTCFullYear();
  if (rest.length > 0 || !id || Number.isNaN(year) || year < 1900 || year > 9999 || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) {
    throw fieldError('cursor', 'is not a valid cursor');
  }
  return { createdAt, id };
}
