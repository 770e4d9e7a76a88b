import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { dispatchCampaign } from '../../server/campaigns/dispatch';
import { DISPATCH_JOB } from '../../server/campaigns/lifecycle';
import { updateSettings } from '../../server/organizations/settings';
import { addContact, campaignsApp, HTML } from './campaigns-helpers';

const VIP = { match: 'all' as const, conditions: [{ type: 'tag' as const, tag: 'vip' }] };
const clock = (at: Date) => at.toISOString().slice(11, 16);

describe('what holds a campaign’s e-mail back (the dispatch run by the test)', { timeout: 120_000 }, () => {
  it('quiet hours hold each recipient until they end in the recipient’s zone (their number’s country, else the organization’s)', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    const now = new Date();
    // Quiet from an hour ago until the whole hour two hours on, in UTC (the organization's zone).
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 2));
    await deps.database.db.transaction().execute((trx) => updateSettings(trx, org, { sms: { quietHours: { start: clock(new Date(now.getTime() - 3600_000)), end: clock(end) } } }));
    await addContact(deps, org, { email: 'here@example.test', tags: ['vip'] });
    // Tokyo is nine hours ahead: the same wall-clock window is not quiet there now.
    await addContact(deps, org, { email: 'tokyo@example.test', phone: '+81312345678', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Quiet', channel: 'email', audience: VIP, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    await dispatchCampaign(deps, { organizationId: org, campaignId: campaign.id });

    const messages = await deps.database.db.selectFrom('email_messages').select('to_address').where('organization_id', '=', org).execute();
    expect(messages.map((m) => m.to_address)).toEqual(['tokyo@example.test']);
    const held = await deps.database.db
      .selectFrom('campaign_recipients')
      .select(['status', 'due_at'])
      .where('campaign_id', '=', campaign.id)
      .where('address', '=', 'here@example.test')
      .executeTakeFirstOrThrow();
    expect(held.status).toBe('pending');
    expect(new Date(held.due_at).toISOString()).toBe(end.toISOString());
    // The chain comes back at that moment.
    const next = await sql<{ start_after: Date }>`select start_after from pgboss.job where name = ${DISPATCH_JOB} and data->>'campaignId' = ${campaign.id} and state = 'created'`.execute(
      deps.database.db,
    );
    expect(next.rows.map((r) => new Date(r.start_after).toISOString())).toContain(end.toISOString());

    // Once they end, the row goes.
    await deps.database.db.transaction().execute((trx) => updateSettings(trx, org, { sms: { quietHours: null } }));
    // Due a second ago: Postgres's now() has microseconds, the dispatch's clock milliseconds, so a row due "now" could
    // still be a few microseconds ahead of a dispatch started in the same millisecond.
    await sql`update campaign_recipients set due_at = now() - interval '1 second' where campaign_id = ${campaign.id}`.execute(deps.database.db);
    await dispatchCampaign(deps, { organizationId: org, campaignId: campaign.id });
    const all = await deps.database.db.selectFrom('email_messages').select('to_address').where('organization_id', '=', org).orderBy('to_address').execute();
    expect(all.map((m) => m.to_address)).toEqual(['here@example.test', 'tokyo@example.test']);
  });

  it('CAMPAIGN_DOMAIN_RATE: at most N in any 60 seconds to one recipient domain, the organization’s campaigns together — across a minute boundary too', async () => {
    const N = 3;
    const { deps, owner, api } = await campaignsApp({ chain: 'manual', env: { CAMPAIGN_DOMAIN_RATE: String(N) } });
    const db = deps.database.db;
    const org = owner.organizationId;
    for (let i = 0; i < 10; i++) await addContact(deps, org, { email: `r${i}@Big.test`, tags: ['vip'] });
    await addContact(deps, org, { email: 'one@small.test', tags: ['vip'] });
    await addContact(deps, org, { email: 'late@big.test', tags: ['later'] });
    const first = await api.campaigns.create({ name: 'Throttled', channel: 'email', audience: VIP, email: { subject: 'Hi', content: HTML } });
    const second = await api.campaigns.create({
      name: 'Same window',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'later' }] },
      email: { subject: 'Hi', content: HTML },
    });
    await api.campaigns.send({ id: first.id });
    await api.campaigns.send({ id: second.id });

    // Time is moved on by moving the window's hand-overs and the pending rows' due times back.
    let offset = 0;
    const advance = async (ms: number) => {
      const by = sql.raw(`interval '${ms} milliseconds'`);
      await sql`update campaign_domain_sends set handed_at = handed_at - ${by} where organization_id = ${org}`.execute(db);
      await sql`update campaign_recipients set due_at = due_at - ${by} where organization_id = ${org} and status = 'pending'`.execute(db);
      offset += ms;
    };
    const dbNow = async () => new Date((await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]!.now).getTime();
    const sentTo = async (domain: string) =>
      (await db.selectFrom('email_messages').select('to_address').where('organization_id', '=', org).execute()).filter((m) => m.to_address.toLowerCase().endsWith(`@${domain}`)).length;
    const passes: { at: number; big: number }[] = [];
    const pass = async () => {
      const before = await sentTo('big.test');
      const at = (await dbNow()) + offset;
      await dispatchCampaign(deps, { organizationId: org, campaignId: first.id });
      await dispatchCampaign(deps, { organizationId: org, campaignId: second.id });
      passes.push({ at, big: (await sentTo('big.test')) - before });
    };

    // At second 50 of a minute: N go (the other domain is not held by this one).
    await advance((((50_000 - ((await dbNow()) % 60_000)) % 60_000) + 60_000) % 60_000);
    await pass();
    expect(passes[0]!.big).toBe(N);
    expect(await sentTo('small.test')).toBe(1);
    // 15 seconds on, in the next calendar minute: nothing more to that domain (calendar minutes let N more through here).
    await advance(15_000);
    await pass();
    expect(new Date(passes[1]!.at).getUTCMinutes()).not.toBe(new Date(passes[0]!.at).getUTCMinutes());
    expect(passes[1]!.big).toBe(0);
    // Every row still waiting is due when the first hand-over leaves the window, 60 s after it.
    const window = await db.selectFrom('campaign_domain_sends').select(['domain', 'handed_at', 'handed']).where('organization_id', '=', org).where('domain', '=', 'big.test').execute();
    expect(window.map((w) => w.handed)).toEqual([N]);
    const pending = await db.selectFrom('campaign_recipients').select(['campaign_id', 'due_at']).where('organization_id', '=', org).where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(11 - N);
    for (const row of pending) expect(new Date(row.due_at).getTime()).toBe(new Date(window[0]!.handed_at).getTime() + 60_000);

    // Then every 7 seconds until everyone has had theirs.
    for (let i = 0; i < 60 && (await sentTo('big.test')) < 11; i++) {
      await advance(7_000);
      await pass();
    }
    expect(await sentTo('big.test')).toBe(11);
    for (const start of passes) {
      const inWindow = passes.filter((p) => p.at >= start.at && p.at < start.at + 60_000).reduce((sum, p) => sum + p.big, 0);
      expect(inWindow).toBeLessThanOrEqual(N);
    }
    // And it does not hold back more than it must: 11 messages at N per minute take four more minutes, not more.
    expect(passes.at(-1)!.at - passes[0]!.at).toBeLessThan(4 * 60_000 + 7_000);
  });

  it('compares due times with the database’s clock: a row due at its now() (microseconds) goes in a pass started in that millisecond', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    await addContact(deps, org, { email: 'now@example.test', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Now', channel: 'email', audience: VIP, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    if (deps.database.kind === 'postgres') {
      // Due half a millisecond into the database's current millisecond, the JS clock held at that millisecond's start:
      // a JS comparison finds the row 500 µs ahead of "now" every time, the database's clock does not.
      const { rows } = await sql<{ ms: Date }>`update campaign_recipients set due_at = date_trunc('milliseconds', now()) + interval '500 microseconds'
        where campaign_id = ${campaign.id} returning date_trunc('milliseconds', due_at) as ms`.execute(deps.database.db);
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(rows[0]!.ms) });
    } else {
      // PGlite's clock is the JS process's own (milliseconds): the row due at its now().
      await sql`update campaign_recipients set due_at = now() where campaign_id = ${campaign.id}`.execute(deps.database.db);
    }
    try {
      await dispatchCampaign(deps, { organizationId: org, campaignId: campaign.id });
    } finally {
      vi.useRealTimers();
    }
    const messages = await deps.database.db.selectFrom('email_messages').select('to_address').where('organization_id', '=', org).execute();
    expect(messages.map((m) => m.to_address)).toEqual(['now@example.test']);
  });
});
