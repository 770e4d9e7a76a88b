/**
 * Audience bench (issue #18): the campaign editor's live count (`campaigns.audienceCount`, run as
 * its tRPC query runs it: one read-only transaction under the row-level policies) over 1,000,000
 * contacts on Postgres, for each kind of segment condition and for an and/or mix. The contacts come
 * from scripts/seed-scale.ts (tags, lifecycle stages, owners, deals through the pipeline, e-mail
 * opt-outs); this bench adds custom fields, a few suppressed addresses and last month's newsletter
 * to the contacts tagged `newsletter` — its messages, opens (some by machines), clicks and replies —
 * so the activity conditions have rows to read. Seeding takes minutes, so the database
 * (BENCH_DATABASE_NAME, default sb_bench_audience) is reused by the next run; its tables are analyzed
 * after seeding, as autovacuum would (this machine's Postgres may run with it off).
 *
 * Per case: one warm-up count, then BENCH_AUDIENCE_RUNS (default 3) counts; prints the median and the
 * slowest, the matched contacts and the target (< 1 s). Postgres only (BENCH_DATABASE_URL or
 * DATABASE_URL; skipped when unset): the issue sets the target there. Never asserts timing.
 *
 * Env: BENCH_AUDIENCE_CONTACTS (default 1000000), BENCH_AUDIENCE_RUNS, BENCH_DATABASE_NAME.
 */
// The assembly installs the domains' permissions (permissionsFor) and the rules services read.
import '../../server/assembly';
import { sql } from 'kysely';
import { audienceCount } from '../../server/campaigns/service';
import { ZAudienceCountInput, type TAudience } from '../../server/campaigns/schema';
import { loadConfig } from '../../server/config';
import { openDatabase, readingForOrganization, type DatabaseHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { scoped } from '../../server/db/scoped';
import { buildDeps } from '../../server/deps';
import type { OrgContext } from '../../server/kernel/context';
import { createLogger } from '../../server/logging';
import { seedScale } from '../seed-scale';
import { benchDatabaseName, benchDatabaseUrl, envNumber, loadLine, progress } from './lib/common';
import { figures, repeated } from './lib/runs';
import { num, printTable } from './lib/table';
import { ownerAuth, seededOnce } from './lib/world';

const TARGET_MS = 1000;
const DAY = 86_400_000;

/** The organization an earlier run seeded with `contacts` contacts and their engagement, else a new one. */
function seededOrganization(database: DatabaseHandle, contacts: number) {
  return seededOnce(
    database.db,
    `Bench audience (${contacts} contacts)`,
    async (organizationName) => {
      progress(`seeding ${num(contacts)} contacts ${loadLine('now')}`);
      const result = await seedScale(database.db, { contacts, organizationName, log: progress });
      await seedEngagement(database.db, result.organizationId, result.ownerId);
      // The custom fields were an update of every contact: the table rewritten without the old row versions, as a vacuumed table would be.
      await sql`vacuum full contacts`.execute(database.db);
      await sql`analyze`.execute(database.db);
      return result;
    },
    progress,
  );
}

/** Custom fields on every contact, suppressed addresses, and last month's newsletter with its opens, clicks and replies. */
async function seedEngagement(db: DatabaseHandle['db'], org: string, ownerId: string): Promise<void> {
  progress('custom fields and suppressions');
  const h = (salt: number) => sql.raw(`(hashtext(id::text || '${salt}') & 2147483647)`);
  await sql`update contacts set custom_fields = jsonb_build_object('plan', (array['free', 'pro', 'team'])[1 + ${h(1)} % 3], 'seats', 1 + ${h(2)} % 50)
    where organization_id = ${org}`.execute(db);
  await sql`insert into email_suppressions (organization_id, address, reason)
    select ${org}, email, (array['hard_bounce', 'unsubscribed', 'complaint'])[1 + ${h(3)} % 3] from contacts
    where organization_id = ${org} and email is not null and ${h(4)} % 100 = 0 on conflict do nothing`.execute(db);

  progress('last month’s newsletter to the contacts tagged newsletter');
  const sentAt = new Date(Date.now() - 25 * DAY);
  const campaign = await scoped(db, org)
    .insertInto('campaigns', {
      name: 'Last month’s newsletter',
      channel: 'email',
      status: 'sent',
      audience: JSON.stringify({ match: 'all', conditions: [{ type: 'tag', tag: 'newsletter', negate: false }] }),
      email_subject: 'News',
      email_content: JSON.stringify({ kind: 'html', html: '<p>News</p>' }),
      tracking_key: 'bench',
      created_by: ownerId,
      started_at: sentAt,
      finished_at: sentAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Each recipient's message starts its own thread; the recipient row follows the message's state.
  await sql`with c as (
      select gen_random_uuid() as mid, id, email from contacts where organization_id = ${org} and tags @> array['newsletter'] and email is not null
    ), m as (
      insert into email_messages (id, organization_id, direction, kind, status, contact_id, from_address, from_name, to_address, subject, html, text, message_id, thread_id, token, headers, sent_at, delivered_at, created_at, updated_at)
      select mid, ${org}, 'outbound', 'marketing', 'delivered', id, 'news@bench.test', 'Bench', email, 'News', '<p>News</p>', 'News', '<' || mid || '@bench.test>', mid, md5(mid::text), '{}',
        ${sentAt}, ${sentAt}, ${sentAt}, ${sentAt} from c returning id, contact_id, to_address
    )
    insert into campaign_recipients (organization_id, campaign_id, contact_id, channel, address, status, due_at, email_message_id, created_at, updated_at)
    select ${org}, ${campaign.id}, contact_id, 'email', to_address, 'delivered', ${sentAt}, id, ${sentAt}, ${sentAt} from m`.execute(db);
  progress('opens, clicks and replies');
  const r = (salt: number) => sql.raw(`(hashtext(r.id::text || '${salt}') & 2147483647)`);
  const at = (salt: number) => sql`${sentAt}::timestamptz + (${r(salt)} % (20 * 1440)) * interval '1 minute'`;
  await sql`insert into campaign_events (organization_id, campaign_id, recipient_id, type, machine, created_at)
    select ${org}, ${campaign.id}, r.id, 'open', ${r(5)} % 3 = 0, ${at(6)} from campaign_recipients r
    where r.organization_id = ${org} and r.campaign_id = ${campaign.id} and ${r(7)} % 100 < 35`.execute(db);
  await sql`insert into campaign_events (organization_id, campaign_id, recipient_id, type, machine, url, created_at)
    select ${org}, ${campaign.id}, r.id, 'click', false, 'https://example.com/offer', ${at(8)} from campaign_recipients r
    where r.organization_id = ${org} and r.campaign_id = ${campaign.id} and ${r(7)} % 100 < 8`.execute(db);
  await sql`insert into email_messages (organization_id, direction, kind, status, contact_id, from_address, from_name, to_address, subject, html, text, message_id, in_reply_to, thread_id, token, headers, created_at, updated_at)
    select ${org}, 'inbound', 'one_to_one', 'delivered', r.contact_id, r.address, '', 'news@bench.test', 'Re: News', '', 'Thanks', '<reply-' || r.id || '@bench.test>', '<' || r.email_message_id || '@bench.test>',
      r.email_message_id, md5(r.id::text || 'reply'), '{}', ${at(9)}, ${at(9)} from campaign_recipients r
    where r.organization_id = ${org} and r.campaign_id = ${campaign.id} and ${r(10)} % 100 < 2`.execute(db);
}

/** The cases: each kind of condition once, then and/or mixes, as the editor's audience picker builds them. */
async function cases(database: DatabaseHandle, org: string): Promise<{ name: string; audience: TAudience }[]> {
  const scopedDb = scoped(database.db, org);
  const campaign = await scopedDb.selectFrom('campaigns').select('id').executeTakeFirstOrThrow();
  const stage = await scopedDb.selectFrom('pipeline_stages').select('id').where('kind', '=', 'open').orderBy('position').limit(1).executeTakeFirstOrThrow();
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  const all = (...conditions: TAudience['conditions']): TAudience => ({ match: 'all', conditions });
  return [
    { name: 'every contact (no condition)', audience: all() },
    { name: 'tag newsletter', audience: all({ type: 'tag', tag: 'newsletter', negate: false }) },
    { name: 'without tag cold', audience: all({ type: 'tag', tag: 'cold', negate: true }) },
    { name: 'lifecycle stage MQL or SQL', audience: all({ type: 'lifecycle_stage', stages: ['mql', 'sql'] }) },
    { name: 'custom field plan = pro', audience: all({ type: 'custom_field', key: 'plan', operator: 'equals', value: 'pro' }) },
    { name: 'custom field seats > 40', audience: all({ type: 'custom_field', key: 'seats', operator: 'greater_than', value: 40 }) },
    { name: 'opened in the last 30 days', audience: all({ type: 'activity', activity: 'opened', withinDays: 30 }) },
    { name: 'clicked the newsletter in the last 30 days', audience: all({ type: 'activity', activity: 'clicked', withinDays: 30, campaignId: campaign.id }) },
    { name: 'replied in the last 30 days', audience: all({ type: 'activity', activity: 'replied', withinDays: 30 }) },
    { name: 'has a deal in the first stage', audience: all({ type: 'deal_stage', stageId: stage.id }) },
    { name: 'created in the last 90 days', audience: all({ type: 'created_between', from: ago(90) }) },
    {
      name: 'mix: (vip or enterprise) and customer and not tagged cold',
      audience: all(
        {
          match: 'any',
          conditions: [
            { type: 'tag', tag: 'vip', negate: false },
            { type: 'tag', tag: 'enterprise', negate: false },
          ],
        },
        { type: 'lifecycle_stage', stages: ['customer'] },
        { type: 'tag', tag: 'cold', negate: true },
      ),
    },
    {
      name: 'mix: any of opened, clicked, a deal, plan = team',
      audience: {
        match: 'any',
        conditions: [
          { type: 'activity', activity: 'opened', withinDays: 30 },
          { type: 'activity', activity: 'clicked', withinDays: 30 },
          { type: 'deal_stage', stageId: stage.id },
          { type: 'custom_field', key: 'plan', operator: 'equals', value: 'team' },
        ],
      },
    },
  ];
}

async function main(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!base) {
    console.log('\n[audience] skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a Postgres server where a database can be created.');
    return;
  }
  const contacts = envNumber('BENCH_AUDIENCE_CONTACTS', 1_000_000, { whole: true });
  const runs = envNumber('BENCH_AUDIENCE_RUNS', 3, { whole: true });
  console.log(`\n[audience] ${loadLine('at start')}`);
  const database = await openDatabase({ kind: 'postgres', url: await benchDatabaseUrl(base, benchDatabaseName('audience')), maxConnections: 4, rowLevelSecurity: true });
  const { rows, record } = figures('audience');
  try {
    await migrateToLatest(database.db);
    const { organizationId, ownerId } = await seededOrganization(database, contacts);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const deps = buildDeps({ config, database, logger: createLogger(config) });
    const auth = ownerAuth(organizationId, ownerId);
    // As the tRPC query runs it: a read scope of the organization, under its policies.
    const count = async (audience: TAudience) => {
      const reading = readingForOrganization(deps, organizationId);
      let ok = false;
      try {
        const counted = await audienceCount({ db: reading.deps.database.db, organizationId, auth, deps: reading.deps } as OrgContext, ZAudienceCountInput.parse({ channel: 'email', audience }));
        ok = true;
        return counted;
      } finally {
        await reading.end(ok ? 'commit' : 'rollback');
      }
    };
    for (const { name, audience } of await cases(database, organizationId)) {
      const { matched, eligible } = await count(audience);
      const timed = await repeated(runs, name, async () => {
        const started = performance.now();
        await count(audience);
        return performance.now() - started;
      });
      record([name, `${num(matched)} matched, ${num(eligible)} eligible`, `${num(timed.median, 0)} ms`, `${num(Math.max(...timed.values), 0)} ms`, `< ${num(TARGET_MS)} ms`]);
    }
  } finally {
    await database.close();
  }
  printTable(
    `campaigns.audienceCount over ${num(contacts)} contacts on Postgres, median of ${runs} after a warm-up, ${loadLine('after')}`,
    ['segment', 'audience', 'median', 'slowest', 'target'],
    rows,
    2,
  );
}

export async function run(): Promise<void> {
  await main();
}
