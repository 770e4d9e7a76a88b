import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { fieldError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { BULK_MAX_RECIPIENTS, BULK_TOO_MANY_RECIPIENTS } from '../sms/schema';
import { bulkSendSmsToContacts } from '../sms/service';
import { audienceQuery, exclusionSql } from './audience';
import type { TAudience, ZSmsSegmentCountInput, ZSmsSegmentSendInput } from './schema';

/**
 * The SMS tool's bulk tab sending to a segment (issue #18): the same segments campaigns use
 * (audience.ts), evaluated when the message is sent, their reachable contacts handed to the SMS
 * tool's bulk path — which applies opt-outs, quiet hours and the sender's rate, and files each
 * message under its contact. The tab needs sms:send, not campaign rights, so a Sales Rep who sees
 * only their own contacts reaches only those.
 */

async function segmentQuery(ctx: OrgContext, audience: TAudience) {
  const [query, ownerOnly] = await Promise.all([audienceQuery(ctx.db, ctx.organizationId, 'sms', audience), ownerOnlyFilter(ctx.db, ctx.auth)]);
  return ownerOnly ? query.where('contacts.owner_id', '=', ownerOnly) : query;
}

/** The live count the tab shows before sending: who gets the message, and who is left out and why. */
export async function smsSegmentCount(ctx: OrgContext, input: z.output<typeof ZSmsSegmentCountInput>) {
  const reason = exclusionSql('sms');
  return (await segmentQuery(ctx, input.audience))
    .select([
      sql<number>`count(*)::int`.as('matched'),
      sql<number>`count(*) filter (where ${reason} is null)::int`.as('reachable'),
      sql<number>`count(*) filter (where ${reason} = 'no_address')::int`.as('noPhone'),
      sql<number>`count(*) filter (where ${reason} = 'opted_out')::int`.as('optedOut'),
    ])
    .executeTakeFirstOrThrow();
}

export async function sendSmsToSegment(ctx: OrgContext, input: z.output<typeof ZSmsSegmentSendInput>) {
  const contacts = await (
    await segmentQuery(ctx, input.audience)
  )
    .select(['contacts.id', 'contacts.phone'])
    .where(sql<SqlBool>`${exclusionSql('sms')} is null`)
    .orderBy('contacts.id')
    // One more than allowed tells a too large segment without reading it all.
    .limit(BULK_MAX_RECIPIENTS + 1)
    .execute();
  if (contacts.length > BULK_MAX_RECIPIENTS) throw fieldError('audience', BULK_TOO_MANY_RECIPIENTS);
  return bulkSendSmsToContacts(
    ctx,
    input,
    contacts.flatMap((c) => (c.phone ? [{ id: c.id, phone: c.phone }] : [])),
    'audience',
  );
}
