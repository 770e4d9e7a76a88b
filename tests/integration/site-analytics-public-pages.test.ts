import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { browser, createAccount } from '../helpers/factories';

// Issue #14: the Reports page's Website section counted signed-in app pages (/pipeline, /contacts) as visits.
beforeAll(() => getTestDatabase());

let ipSequence = 0;
const view = (path: string) => ({ name: 'page_view', path, params: { title: path }, at: new Date().toISOString() });

async function setup() {
  const first = await buildTestApp();
  const owner = await createAccount(first.deps, 'site-pages');
  const built = await buildTestApp({ env: { LEADS_ORGANIZATION_ID: owner.organizationId, TRUST_PROXY: 'true' } });
  const ip = `198.51.100.${++ipSequence % 250}`;
  const post = (body: unknown) => built.app.request('/api/analytics/events', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });
  return { ...built, owner, post, api: built.caller(browser(owner.cookie)) };
}

describe('the Website report counts public site pages only', () => {
  it('ignores page views and events of app routes and unknown paths; public pages (with or without a trailing slash) count', async () => {
    const { post, api, deps, owner } = await setup();
    const res = await post({
      visitorId: 'signed-in-user',
      events: [
        view('/pipeline'),
        view('/contacts'),
        view('/contacts/6f1c2a4e-0000-4000-8000-000000000000'),
        view('/settings/billing'),
        view('/app'),
        view('/login'),
        view('/invite/abc'),
        view('/no-such-page'),
        { name: 'sms_sent', path: '/sms', params: {}, at: new Date().toISOString() },
        view('/pricing'),
        view('/features/'),
        view('/'),
        { name: 'demo_requested', path: '/book-demo', params: { value: 500, currency: 'USD' }, at: new Date().toISOString() },
      ],
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ stored: 4 });
    const stored = await deps.database.db.selectFrom('site_analytics_events').select('path').where('organization_id', '=', owner.organizationId).orderBy('path').execute();
    expect(stored.map((r) => r.path)).toEqual(['/', '/book-demo', '/features/', '/pricing']);

    const report = await api.siteAnalytics.website({ period: '7d' });
    expect(report).toMatchObject({ visitors: 1, pageViews: 3, conversions: 1, conversionValue: 500 });
    expect(report.topPages.map((p) => p.path).sort()).toEqual(['/', '/features/', '/pricing']);
  });

  it('a batch of app pages only is accepted and stores nothing', async () => {
    const { post, api } = await setup();
    const res = await post({ visitorId: 'app-only', events: [view('/pipeline'), view('/contacts')] });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ stored: 0 });
    expect(await api.siteAnalytics.website({ period: '7d' })).toMatchObject({ visitors: 0, pageViews: 0 });
  });
});
