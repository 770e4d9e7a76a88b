import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_ANALYTICS_LIMITS } from '../../server/site-analytics/schema';
import { checkedTestApp } from '../helpers/openapi';
import { getTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount } from '../helpers/factories';

let ipSequence = 0;

// The worker's database (migrated once) is made ready in a hook, outside the first test's time.
beforeAll(async () => {
  await getTestDatabase();
});

/** An organization that owns the site (LEADS_ORGANIZATION_ID), and the app that attributes batches to it. */
async function setup() {
  const first = await checkedTestApp();
  const owner = await createAccount(first.deps, 'site');
  const built = await checkedTestApp({ env: { LEADS_ORGANIZATION_ID: owner.organizationId, TRUST_PROXY: 'true' } });
  const ip = `203.0.113.${++ipSequence % 250}`;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    built.app.request('/api/analytics/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { ...built, owner, post, api: built.caller(browser(owner.cookie)) };
}

const at = (iso = new Date().toISOString()) => iso;
const view = (path: string) => ({ name: 'page_view', path, params: { title: path }, at: at() });

describe('POST /api/analytics/events', () => {
  it('stores a batch for the site owner organization, with the conversion value and currency', async () => {
    const { post, deps, owner } = await setup();
    const res = await post({
      visitorId: 'visitor-a',
      referrer: 'https://search.example/',
      events: [view('/'), { name: 'demo_requested', path: '/features', params: { source: 'features', value: 500, currency: 'usd' }, at: at() }],
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ stored: 2 });
    const rows = await deps.database.db.selectFrom('site_analytics_events').selectAll().where('organization_id', '=', owner.organizationId).orderBy('id').execute();
    expect(rows.map((r) => [r.visitor_id, r.name, r.path, r.value === null ? null : Number(r.value), r.currency, r.referrer])).toEqual([
      ['visitor-a', 'page_view', '/', null, null, 'https://search.example/'],
      ['visitor-a', 'demo_requested', '/features', 500, 'USD', 'https://search.example/'],
    ]);
    expect(rows[1]!.params).toEqual({ source: 'features', value: 500, currency: 'usd' });
  });

  it('dates an event from a clock more than a day off when it arrived', async () => {
    const { post, deps, owner } = await setup();
    await post({ visitorId: 'skewed', events: [{ name: 'page_view', path: '/', params: {}, at: '2001-01-01T00:00:00Z' }] });
    const row = await deps.database.db.selectFrom('site_analytics_events').select('occurred_at').where('organization_id', '=', owner.organizationId).executeTakeFirstOrThrow();
    expect(Math.abs(new Date(row.occurred_at).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('refuses invalid batches with the field and the rule, storing nothing', async () => {
    const { post, deps, owner } = await setup();
    const cases: [unknown, string][] = [
      [{ visitorId: 'v', events: [] }, 'events: must hold at least one event'],
      [{ visitorId: '', events: [view('/')] }, 'visitorId: is required'],
      [{ visitorId: 'v', events: [{ ...view('/'), name: 'Page View' }] }, 'events.0.name: must be a snake_case event name of at most 64 characters'],
      [{ visitorId: 'v', events: [{ ...view('/'), path: 'nope' }] }, 'events.0.path: must start with /'],
      [{ visitorId: 'v', events: [{ ...view('/'), at: 'yesterday' }] }, 'events.0.at: must be an ISO date-time'],
      [{ visitorId: 'v', events: Array.from({ length: SITE_ANALYTICS_LIMITS.maxEventsPerBatch + 1 }, () => view('/')) }, 'events: must hold at most 50 events'],
      [{ visitorId: 'v', events: [view('/')], extra: 1 }, 'extra: is not a known field'],
      ['{not json', 'The body must be a JSON analytics batch'],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, message).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const stored = await deps.database.db.selectFrom('site_analytics_events').select('id').where('organization_id', '=', owner.organizationId).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a body over the size limit with 413', async () => {
    const { post } = await setup();
    const res = await post({ visitorId: 'v', events: [view('/')], padding: 'x'.repeat(SITE_ANALYTICS_LIMITS.maxBodyBytes) });
    expect(res.status).toBe(413);
  });

  it('limits batches per IP address per minute, with Retry-After', async () => {
    const { post } = await setup();
    for (let i = 0; i < SITE_ANALYTICS_LIMITS.batchesPerMinutePerIp; i++) expect((await post({ visitorId: 'v', events: [view('/')] })).status).toBe(202);
    const refused = await post({ visitorId: 'v', events: [view('/')] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post({ visitorId: 'v', events: [view('/')] }, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(202);
  });
});

describe('Website report', () => {
  it('counts visitors, top pages, conversions by event and value, and each day, from the stored events', async () => {
    const { post, api } = await setup();
    await post({ visitorId: 'a', events: [view('/'), view('/pricing'), { name: 'trial_signup', path: '/', params: { value: 300, currency: 'USD' }, at: at() }] });
    await post({ visitorId: 'b', events: [view('/'), { name: 'demo_requested', path: '/ar', params: { value: 500, currency: 'USD' }, at: at() }] });
    await post({ visitorId: 'c', events: [view('/pricing'), view('/pricing'), { name: 'trial_signup', path: '/', params: { value: 300 }, at: at() }] });

    const report = await api.siteAnalytics.website({ period: '7d' });
    expect(report).toMatchObject({ visitors: 3, pageViews: 5, conversions: 3, conversionValue: 1100 });
    expect(report.topPages).toEqual([
      { path: '/pricing', views: 3, visitors: 2 },
      { path: '/', views: 2, visitors: 2 },
    ]);
    expect(report.byEvent).toEqual([
      { name: 'trial_signup', count: 2, value: 600 },
      { name: 'demo_requested', count: 1, value: 500 },
    ]);
    expect(report.byDay).toEqual([{ date: new Date().toISOString().slice(0, 10), visitors: 3, pageViews: 5, conversions: 3, value: 1100 }]);
  });

  it('needs reports:read', async () => {
    const { deps, owner, caller } = await setup();
    const member = await addMember(deps, owner.organizationId, 'viewer');
    const viewer = caller(browser(member.cookie));
    await expect(viewer.siteAnalytics.website({})).resolves.toMatchObject({ visitors: 0 });
    await expect(caller().siteAnalytics.website({})).rejects.toThrow();
  });
});
