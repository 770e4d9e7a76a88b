import { recordActivity } from '../activities/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import type { RequestMeta } from '../http/meta';
import { assertSlots, waitText, type RateLimit } from '../rate-limit';
import { recordEmailEvent } from './outbox';
import type { TUnsubscribeState } from './schema';
import { suppressAddress } from './suppressions';

/**
 * The recipient's side of the suppression list (RFC 8058): the token of a message (its
 * List-Unsubscribe link and footer) names the organization and the address it went to. The token
 * is the only credential, so nothing here takes an organization or an address from the request.
 */

/**
 * Calls per client address. High on purpose: mailbox providers send every one-click POST of their
 * users from a few addresses of their own, and a refused unsubscribe is one the recipient never
 * sees fail. It bounds load; tokens are too long to guess.
 */
const UNSUBSCRIBE_PER_ADDRESS: RateLimit = { bucket: 'email.unsubscribe.ip', max: 300, windowSeconds: 60 };
/** Calls per link: a person clicks a few times, a loop does not get further. */
const UNSUBSCRIBE_PER_TOKEN: RateLimit = { bucket: 'email.unsubscribe.token', max: 20, windowSeconds: 60 };

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid';

type Recipient = { messageId: string; organizationId: string; organizationName: string; address: string; contactId: string | null };

/** Counts the call against the client address and the link, or refuses it with 429. */
async function admit(deps: AppDeps, token: string, meta: RequestMeta): Promise<void> {
  await assertSlots(
    deps.database.db,
    [
      { limit: UNSUBSCRIBE_PER_ADDRESS, key: meta.ip },
      { limit: UNSUBSCRIBE_PER_TOKEN, key: token },
    ],
    (retryAfter) => `Too many requests for this link. Please try again in ${waitText(retryAfter)}.`,
  );
}

/** The organization message the token belongs to (a system lookup: the token is the credential), if any. */
async function findRecipient(deps: AppDeps, token: string): Promise<Recipient | undefined> {
  const row = await deps.database.db
    .selectFrom('email_messages')
    .innerJoin('organizations', 'organizations.id', 'email_messages.organization_id')
    .select(['email_messages.id', 'email_messages.organization_id', 'organizations.name', 'email_messages.to_address', 'email_messages.contact_id'])
    .where('email_messages.token', '=', token)
    .where('email_messages.direction', '=', 'outbound')
    .where('email_messages.kind', '<>', 'account')
    .executeTakeFirst();
  if (!row?.organization_id) return undefined;
  return { messageId: row.id, organizationId: row.organization_id, organizationName: row.name, address: row.to_address.toLowerCase(), contactId: row.contact_id };
}

/** findRecipient, 404 for a token of no organization message. */
async function recipientOf(deps: AppDeps, token: string): Promise<Recipient> {
  const recipient = await findRecipient(deps, token);
  if (!recipient) throw new DomainError('NOT_FOUND', INVALID_UNSUBSCRIBE_LINK);
  return recipient;
}

async function stateOf(db: Db, recipient: Recipient): Promise<TUnsubscribeState> {
  const row = await scoped(db, recipient.organizationId).selectFrom('email_suppressions').select('reason').where('address', '=', recipient.address).executeTakeFirst();
  return {
    organizationName: recipient.organizationName,
    address: recipient.address,
    status: !row ? 'subscribed' : row.reason === 'unsubscribed' ? 'unsubscribed' : 'blocked',
  };
}

/** What the page shows before anything is done: who sends, to which address, and whether it is unsubscribed. */
export async function unsubscribeState(deps: AppDeps, token: string, meta: RequestMeta): Promise<TUnsubscribeState> {
  await admit(deps, token, meta);
  const recipient = await recipientOf(deps, token);
  return stateOf(deps.database.forOrganization(recipient.organizationId), recipient);
}

/**
 * Suppresses the recipient (reason `unsubscribed`); the message's events (with `how`) and the
 * contact's timeline say so. Repeating it changes nothing.
 */
async function unsubscribe(deps: AppDeps, recipient: Recipient, how: string): Promise<TUnsubscribeState> {
  const { organizationId } = recipient;
  return deps.database
    .forOrganization(organizationId)
    .transaction()
    .execute(async (trx) => {
      const row = await suppressAddress(trx, organizationId, recipient.address, 'unsubscribed', recipient.messageId);
      if (row.created) {
        await recordEmailEvent(trx, { id: recipient.messageId, organizationId, contactId: recipient.contactId }, 'unsubscribed', how);
        await recordActivity(trx, {
          organizationId,
          contactId: recipient.contactId,
          type: 'email_unsubscribed',
          actorUserId: null,
          payload: { address: recipient.address, messageId: recipient.messageId },
        });
      }
      return stateOf(trx, recipient);
    });
}

/** The one-click unsubscribe (RFC 8058): no confirmation. */
export async function unsubscribeByToken(deps: AppDeps, token: string, meta: RequestMeta): Promise<TUnsubscribeState> {
  await admit(deps, token, meta);
  return unsubscribe(deps, await recipientOf(deps, token), 'One-click unsubscribe (the List-Unsubscribe link)');
}

/**
 * List-Unsubscribe's mailto: mail to `local+u.<token>@…`, read by the inbound doors (whose secret
 * or MX is their gate, so no per-address limit). The message unsubscribed from, or null for a token
 * of no organization message.
 */
export async function unsubscribeByMail(deps: AppDeps, token: string): Promise<{ messageId: string } | null> {
  const recipient = await findRecipient(deps, token);
  if (!recipient) return null;
  await unsubscribe(deps, recipient, 'By e-mail (the List-Unsubscribe mailto address)');
  return { messageId: recipient.messageId };
}

/** Undoes the recipient's own unsubscribe (reason `unsubscribed` only): a bounce or an admin's block stays. */
export async function resubscribeByToken(deps: AppDeps, token: string, meta: RequestMeta): Promise<TUnsubscribeState> {
  await admit(deps, token, meta);
  const recipient = await recipientOf(deps, token);
  const { organizationId } = recipient;
  return deps.database
    .forOrganization(organizationId)
    .transaction()
    .execute(async (trx) => {
      const removed = await scoped(trx, organizationId).deleteFrom('email_suppressions').where('address', '=', recipient.address).where('reason', '=', 'unsubscribed').executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) {
        await recordActivity(trx, {
          organizationId,
          contactId: recipient.contactId,
          type: 'email_resubscribed',
          actorUserId: null,
          payload: { address: recipient.address, messageId: recipient.messageId },
        });
      }
      return stateOf(trx, recipient);
    });
}
