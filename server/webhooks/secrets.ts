import type { Config } from '../config';
import type { Db } from '../db';
import { isSealed, keyring, open, seal, sealedUnderOldKey } from '../kernel/secrets';

/*
 * Endpoint signing secrets at rest (docs/decisions/038): sealed with the server's key, bound to
 * their endpoint (a sealed secret copied to another endpoint does not open). Both columns share the
 * endpoint's context, so a rotation moves the sealed current secret to previous_secret as it is.
 */

const contextOf = (endpointId: string) => `webhook_endpoints:${endpointId}`;

/** Seals a new signing secret of this endpoint; UNAVAILABLE when the server has no key (SECRETS_KEY). */
export function sealEndpointSecret(config: Config, endpointId: string, secret: string): string {
  return seal(keyring(config), secret, contextOf(endpointId));
}

/** The secret as stored opened; a row from before decision 038 that start-up could not seal yet (no key) holds it in clear. */
export function openEndpointSecret(config: Config, endpointId: string, stored: string): string {
  return isSealed(stored) ? open(keyring(config), stored, contextOf(endpointId)) : stored;
}

/**
 * At start-up: seals the secrets still in clear (rows from before decision 038) and re-seals those
 * under a previous key (after SECRETS_KEY was rotated); how many rows changed. Nothing without a key.
 */
export async function sealEndpointSecrets(db: Db, config: Config): Promise<number> {
  const ring = keyring(config);
  if (!ring.current) return 0;
  const stale = (value: string | null) => value !== null && (!isSealed(value) || sealedUnderOldKey(ring, value));
  const rows = await db.selectFrom('webhook_endpoints').select(['id', 'secret', 'previous_secret']).execute();
  let count = 0;
  for (const row of rows.filter((r) => stale(r.secret) || stale(r.previous_secret))) {
    const reseal = (value: string) => seal(ring, openEndpointSecret(config, row.id, value), contextOf(row.id));
    await db
      .updateTable('webhook_endpoints')
      .set({ secret: reseal(row.secret), previous_secret: row.previous_secret === null ? null : reseal(row.previous_secret) })
      .where('id', '=', row.id)
      .where('secret', '=', row.secret)
      .execute();
    count++;
  }
  return count;
}
