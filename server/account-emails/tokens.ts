import { randomToken, sha256 } from '../auth/tokens';
import type { Db } from '../db';
import type { AccountTokenPurpose } from '../db/schema';
import { DomainError } from '../errors';

/** How long each link works. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = { password_reset: 3600 * 1000, email_verification: 24 * 3600 * 1000 };

/**
 * A new single-use link token for the user; earlier unused ones of the same purpose stop working, so
 * only the latest e-mail's link does. Only the token's SHA-256 is stored.
 */
export async function issueAccountToken(trx: Db, { userId, purpose, email }: { userId: string; purpose: AccountTokenPurpose; email: string }): Promise<string> {
  await trx.deleteFrom('account_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
  const token = randomToken(32);
  await trx
    .insertInto('account_tokens')
    .values({ user_id: userId, purpose, token_hash: sha256(token), email, expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]) })
    .execute();
  return token;
}

/** Uses a link's token once: the row locked, checked and marked used in the caller's transaction. */
export async function claimAccountToken(trx: Db, token: string, purpose: AccountTokenPurpose) {
  const row = await trx
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'email', 'expires_at', 'used_at'])
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'This link is not valid; ask for a new one');
  if (row.used_at) throw new DomainError('CONFLICT', 'This link has already been used; ask for a new one');
  if (row.expires_at <= new Date()) throw new DomainError('CONFLICT', 'This link has expired; ask for a new one');
  await trx.updateTable('account_tokens').set({ used_at: new Date() }).where('id', '=', row.id).execute();
  return row;
}
