import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../server/auth/service';
import type { DatabaseHandle } from '../../server/db';
import { DEMO_BUSINESS_PHONE, DEMO_EMAIL, DEMO_ORGANIZATION, seedDemoWorkspace } from '../../server/demo/demo';
import { walkBlocks } from '../../server/sites/blocks/schema';
import { buildTestApp } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';
import { browser, cookieFrom } from '../helpers/factories';

type Built = Awaited<ReturnType<typeof buildTestApp>>;

/** The demo workspace's website (issue #20), read through the procedures the sites screens call, and served. */
describe('demo workspace: its published website', () => {
  let database: DatabaseHandle;
  let built: Built;
  let api: ReturnType<Built['caller']>;

  beforeAll(async () => {
    database = await createTestDatabase();
    built = await buildTestApp({ database });
    const demo = await seedDemoWorkspace(database.db, built.deps.config.publicUrl);
    const signed = await login(built.deps, { email: DEMO_EMAIL, password: demo.password }, { ip: '127.0.0.1', userAgent: 'vitest' });
    api = built.caller(browser(cookieFrom(signed.setCookie)));
  }, 120_000);
  afterAll(() => database.close());

  it('has a published site with a landing page (hero, features, testimonials, a tagged lead form), its variant B and a thank-you page', async () => {
    const [listed] = await api.sites.list();
    expect(listed).toMatchObject({ name: `${DEMO_ORGANIZATION} site`, pageCount: 3, publishedCount: 3 });
    const site = await api.sites.get({ siteId: listed!.id });
    expect(site.pages.map((p) => [p.path, p.status])).toEqual([
      ['/', 'published'],
      ['/free-quote', 'published'],
      ['/thank-you', 'published'],
    ]);
    const home = await api.sites.page({ pageId: site.pages[0]!.id });
    const types = [...walkBlocks(home.draft)].map((b) => b.type);
    expect(types).toEqual(expect.arrayContaining(['FeatureGrid', 'Testimonials', 'Form']));
    const form = [...walkBlocks(home.draft)].find((b) => b.type === 'Form')!;
    expect(form.props.tags).toEqual(['website-lead', 'free-consultation']);
    expect(home.blockContext.calendars.map((c) => c.name)).toEqual(['Discovery call']);

    // The demo funnel tests the landing against its variant B: '/' serves either, each with its own form.
    const variantB = site.pages.find((p) => p.path === '/free-quote')!;
    const served = await built.app.request(`/s/${site.handle}/`);
    expect(served.status).toBe(200);
    const html = await served.text();
    expect([home.id, variantB.id].filter((id) => html.includes(`action="./_form/${id}/`))).toHaveLength(1);
    // The footer carries the organization's public business phone.
    expect(html).toContain(DEMO_BUSINESS_PHONE);
    // Variant B is the landing with its own headline (either path of the step serves the visitor's assigned variant).
    const b = await api.sites.page({ pageId: variantB.id });
    expect([...walkBlocks(b.draft)].find((x) => x.type === 'Heading')?.props.text).toBe('Your fixed-price quote by tomorrow');
    expect((await built.app.request(`/s/${site.handle}/thank-you`)).status).toBe(200);
  });
});
