import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { readSettings } from '../organizations/settings';
import { normalizePhone } from '../phone';
import { quietHoursReleaser } from '../sms/quiet-hours';

/**
 * What holds back a campaign's e-mail rows at hand-over (docs/decisions/039): the organization's
 * quiet hours, in the recipient's zone (their phone number's country, else the organization's),
 * and CAMPAIGN_DOMAIN_RATE, at most that many messages per calendar minute to one recipient domain
 * for the organization, all its campaigns together. A held row stays pending with a later due time,
 * so the dispatch chain comes back for it then. SMS rows are the SMS service's (its quiet hours and
 * the sender's rate).
 */

export type ThrottledRow = { id: string; address: string; phone: string | null };

const MINUTE_MS = 60_000;

/** The part of an address after its last @, lower-cased: `Ada@GMail.com` → `gmail.com`. */
export const recipientDomain = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** The rows that may go now; the others are given the moment they may (their due_at). */
export async function holdBack<Row extends ThrottledRow>(trx: Db, deps: AppDeps, organizationId: string, campaignId: string, rows: Row[], now: Date): Promise<Row[]> {
  const held = new Map<number, string[]>();
  const hold = (row: Row, until: Date) => held.set(until.getTime(), [...(held.get(until.getTime()) ?? []), row.id]);

  const settings = await readSettings(trx, organizationId);
  const release = quietHoursReleaser(settings.sms.quietHours, settings.timezone, now);
  const open = rows.filter((row) => {
    const phone = row.phone ? normalizePhone(row.phone, settings.country) : null;
    const until = release(phone?.ok ? phone.country : undefined);
    if (until) hold(row, until);
    return !until;
  });

  const rate = deps.config.campaignDomainRate;
  const going = rate > 0 ? await withinDomainRates(trx, organizationId, campaignId, open, rate, now, hold) : open;
  for (const [until, ids] of held) {
    await scoped(trx, organizationId)
      .updateTable('campaign_recipients')
      .set({ due_at: new Date(until) })
      .where('id', 'in', ids)
      .execute();
  }
  return going;
}

/**
 * Spends this minute's allowance of each domain the rows go to, under the allowance rows' locks
 * (taken in one order of domains, so two runs never deadlock). A domain whose allowance is spent
 * has every pending row of this campaign moved to the next minute in one statement, so a large
 * campaign to one provider is not claimed again batch after batch within the minute.
 */
async function withinDomainRates<Row extends ThrottledRow>(
  trx: Db,
  organizationId: string,
  campaignId: string,
  rows: Row[],
  rate: number,
  now: Date,
  hold: (row: Row, until: Date) => void,
): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const nextMinute = new Date(minute.getTime() + MINUTE_MS);
  const byDomain = new Map<string, Row[]>();
  for (const row of rows) byDomain.set(recipientDomain(row.address), [...(byDomain.get(recipientDomain(row.address)) ?? []), row]);
  const domains = [...byDomain.keys()].sort();
  await trx
    .insertInto('campaign_domain_minutes')
    .values(domains.map((domain) => ({ organization_id: organizationId, domain, minute })))
    .onConflict((oc) => oc.columns(['organization_id', 'domain', 'minute']).doNothing())
    .execute();
  const spent = await scoped(trx, organizationId)
    .selectFrom('campaign_domain_minutes')
    .select(['domain', 'handed'])
    .where('minute', '=', minute)
    .where('domain', 'in', domains)
    .orderBy('domain')
    .forUpdate()
    .execute();
  const going: Row[] = [];
  const exhausted: string[] = [];
  for (const { domain, handed } of spent) {
    const domainRows = byDomain.get(domain)!;
    const allowance = Math.max(0, rate - handed);
    going.push(...domainRows.slice(0, allowance));
    for (const row of domainRows.slice(allowance)) hold(row, nextMinute);
    const taken = Math.min(allowance, domainRows.length);
    if (handed + taken >= rate) exhausted.push(domain);
    if (taken > 0) {
      await scoped(trx, organizationId)
        .updateTable('campaign_domain_minutes')
        .set({ handed: sql<number>`handed + ${taken}` })
        .where('minute', '=', minute)
        .where('domain', '=', domain)
        .execute();
    }
  }
  if (exhausted.length > 0) {
    const claimed = rows.map((row) => row.id);
    await sql`update campaign_recipients set due_at = ${nextMinute}
      where organization_id = ${organizationId} and campaign_id = ${campaignId} and status = 'pending' and not held and due_at < ${nextMinute}
        and lower(substring(address from '[^@]*$')) = any(${exhausted}::text[]) and not (id = any(${claimed}::uuid[]))`.execute(trx);
  }
  await scoped(trx, organizationId)
    .deleteFrom('campaign_domain_minutes')
    .where('minute', '<', new Date(minute.getTime() - 60 * MINUTE_MS))
    .execute();
  return going;
}
