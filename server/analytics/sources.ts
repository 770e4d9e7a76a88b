import { sql } from 'kysely';
import type { Days, Window } from './period';
import { n, type Scope } from './scope';

/** Where customers come from: contacts and won deals by the contact's source, and marketing spend by channel. */

/** Won deals of the window by their contact's source (null: no contact or no source). */
export async function wonBySource(s: Scope, window: Window) {
  const cur = s.currency;
  const rows = await s.org
    .selectFrom('deals')
    .leftJoin('contact_conversions as cc', (j) => j.onRef('cc.contact_id', '=', 'deals.contact_id').onRef('cc.organization_id', '=', 'deals.organization_id'))
    .where('deals.status', '=', 'won')
    .where('deals.won_at', '>=', window.start)
    .where('deals.won_at', '<', window.end)
    .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
    .select([
      'cc.source',
      sql<number>`count(*)`.as('won'),
      sql<string | null>`sum(deals.value_minor) filter (where deals.currency = ${cur})`.as('value'),
      sql<number>`count(*) filter (where deals.currency <> ${cur})`.as('excluded'),
    ])
    .groupBy('cc.source')
    .execute();
  return rows.map((r) => ({ source: r.source, won: n(r.won), valueMinor: n(r.value), excluded: n(r.excluded) }));
}

/** Contacts created in the period by source (null: none). */
export async function contactsBySource(s: Scope, days: Days) {
  const rows = await s.org
    .selectFrom('contact_days')
    .where('created_on', '>=', days.from)
    .where('created_on', '<=', days.to)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select(['source', sql<number>`sum(contacts)`.as('created')])
    .groupBy('source')
    .execute();
  return rows.map((r) => ({ source: r.source, created: n(r.created) }));
}

/** Marketing spend per channel on the window's days, in the scope's currency. */
export async function spendByChannel(s: Scope, from: string, to: string) {
  const rows = await s.org
    .selectFrom('marketing_spend')
    .where('spent_on', '>=', from)
    .where('spent_on', '<=', to)
    .where('currency', '=', s.currency)
    .select(['channel', sql<string>`sum(amount_minor)`.as('spend')])
    .groupBy('channel')
    .execute();
  return rows.map((r) => ({ channel: r.channel, spendMinor: n(r.spend) }));
}
