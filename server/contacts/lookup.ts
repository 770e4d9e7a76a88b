import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { unknownRecord } from '../errors';

// What other domains (deals, tasks, appointments) need of a contact they link to.
export { displayName } from './repo';

/** A contact the caller may see (owner-only visibility applied), or NOT_FOUND naming the field. */
export async function requireContact(db: Db, organizationId: string, contactId: string, ownerOnly: string | null, field = 'contactId') {
  let query = scoped(db, organizationId).selectFrom('contacts').select(['id', 'first_name', 'last_name', 'email', 'phone', 'owner_id']).where('id', '=', contactId);
  if (ownerOnly) query = query.where('owner_id', '=', ownerOnly);
  const contact = await query.executeTakeFirst();
  if (!contact) throw unknownRecord(field, 'is not a known contact');
  return contact;
}
