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
 * and CAMPAIGN_DOMAIN_RATE, at most that many messages in any 60 seconds to one recipient domain
 * for the organization, all its campaigns together. A held row stays pending with a later due time,
 * so the dispatch chain comes back for it then. SMS rows are the SMS service's (its quiet hours and
 * the sender's rate).
 */

export type ThrottledRow = { id: string; address: string; phone: string | null };

/** The per-domain throttle's window. */
const WINDOW_MS = 60_000;

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
  const going = rate > 0 ? await withinDomainRates(trx, organizationId, campaignId, open, rate, hold) : open;
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
 * Spends what the last 60 seconds leave of each domain's allowance (docs/decisions/047): a sliding
 * window, so no 60 seconds — wherever they start — see more than `rate` messages handed over to one
 * domain. Runs for the same domains are serialised by transaction-scoped advisory locks taken in one
 * order of domains (two runs never deadlock); the window is read by the database's clock after the
 * locks, and every earlier run's rows are counted, so the last run to write into any 60 seconds saw
 * all the others there. The window's time is whole milliseconds, so the moment a row may go is an
 * exact JS Date. A domain whose allowance is spent has every pending row of this campaign moved to
 * that moment in one statement, so a large campaign to one provider is not claimed again batch after
 * batch meanwhile.
 */
async function withinDomainRates<Row extends ThrottledRow>(trx: Db, organizationId: string, campaignId: string, rows: Row[], rate: number, hold: (row: Row, until: Date) => void): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const byDomain = new Map<string, Row[]>();
  for (const row of rows) byDomain.set(recipientDomain(row.address), [...(byDomain.get(recipientDomain(row.address)) ?? []), row]);
  const domains = [...byDomain.keys()].sort();
  await sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${domains.map((d) => `${organizationId}:campaign-domain:${d}`)}::text[]) as k order by k`.execute(trx);
  const { rows: clock } = await sql<{ at: Date }>`select date_trunc('milliseconds', clock_timestamp()) as at`.execute(trx);
  const at = new Date(clock[0]!.at);
  const windowStart = new Date(at.getTime() - WINDOW_MS);
  const spent = await scoped(trx, organizationId)
    .selectFrom('campaign_domain_sends')
    .select(['domain', 'handed_at', 'handed'])
    .where('handed_at', '>', windowStart)
    .where('domain', 'in', domains)
    .orderBy('handed_at')
    .execute();
  const going: Row[] = [];
  const handedNow: { domain: string; handed: number }[] = [];
  const exhausted: { domain: string; until: Date }[] = [];
  for (const domain of domains) {
    const domainRows = byDomain.get(domain)!;
    const window = spent.filter((s) => s.domain === domain);
    const handed = window.reduce((sum, s) => sum + s.handed, 0);
    const allowance = Math.max(0, rate - handed);
    const taken = Math.min(allowance, domainRows.length);
    going.push(...domainRows.slice(0, taken));
    if (taken > 0) handedNow.push({ domain, handed: taken });
    if (handed + taken < rate) continue;
    // Spent: the first room opens when the window's oldest hand-over (maybe this one) leaves it.
    const until = new Date((window.length > 0 ? new Date(window[0]!.handed_at) : at).getTime() + WINDOW_MS);
    for (const row of domainRows.slice(taken)) hold(row, until);
    exhausted.push({ domain, until });
  }
  if (handedNow.length > 0) {
    await trx
      .insertInto('campaign_domain_sends')
      .values(handedNow.map(({ domain, handed }) => ({ organization_id: organizationId, domain, handed_at: at, handed })))
      .execute();
  }
  if (exhausted.length > 0) {
    const claimed = rows.map((row) => row.id);
    const until = exhausted.map(({ domain, until }) => sql`(${domain}::text, ${until}::timestamptz)`);
    await sql`update campaign_recipients r set due_at = v.until
      from (values ${sql.join(until)}) as v(domain, until)
      where r.organization_id = ${organizationId} and r.campaign_id = ${campaignId} and r.status = 'pending' and not r.held and r.due_at < v.until
        and lower(substring(r.address from '[^@]*$')) = v.domain and not (r.id = any(${claimed}::uuid[]))`.execute(trx);
  }
  // Out of every window from now on (only the domains this run holds the locks of).
  await scoped(trx, organizationId).deleteFrom('campaign_domain_sends').where('handed_at', '<=', windowStart).where('domain', 'in', domains).execute();
  return going;
}
