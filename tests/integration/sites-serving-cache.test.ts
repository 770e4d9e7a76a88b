import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { flushVisits } from '../../server/sites/funnel-visits';
import { getTestDatabase } from '../helpers/db';
import { funnelsWorld } from './funnels-helpers';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

type World = Awaited<ReturnType<typeof funnelsWorld>>;

/** A published page whose one version has its own HTML and ETag (the helper's pages all share theirs). */
async function pageWith(world: World, path: string, html: string) {
  const pageId = await world.page(path);
  await world.db
    .updateTable('site_page_versions')
    .set({ html, etag: `etag-${path.replace(/\W/g, '')}-${Date.now()}` })
    .where('page_id', '=', pageId)
    .execute();
  return pageId;
}

const handleOf = async (world: World) => (await world.db.selectFrom('sites').select('handle').where('id', '=', world.siteId).executeTakeFirstOrThrow()).handle;

/** Waits for a state, never for a time: a change another process made reaches this one by NOTIFY. */
async function eventually(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
}

describe('published pages from memory (issue #20 serving speed)', () => {
  it('answers in the encoding asked for, the same page each time, and sees a change made elsewhere', async () => {
    const world = await funnelsWorld();
    const handle = await handleOf(world);
    const pageId = await pageWith(world, '/offer', '<!doctype html><html><body><h1>First offer</h1></body></html>');
    const url = `/s/${handle}/offer`;

    const plain = await world.app.request(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const html = await plain.text();
    expect(html).toContain('First offer');
    const br = await world.app.request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(html);
    const gzip = await world.app.request(url, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toBe(html);
    expect(br.headers.get('etag')).toBe(plain.headers.get('etag'));
    const revalidated = await world.app.request(url, { headers: { 'if-none-match': plain.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);

    // Another process makes a new version live (here: straight in the tables): its NOTIFY reaches this one.
    const version = await world.db
      .insertInto('site_page_versions')
      .values({
        organization_id: world.organizationId,
        page_id: pageId,
        number: 2,
        data: JSON.stringify({ root: { props: {} }, content: [] }),
        html: '<!doctype html><p>Second offer</p>',
        etag: 'second',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await world.db.updateTable('site_pages').set({ published_version_id: version.id }).where('id', '=', pageId).execute();
    await eventually(async () => (await (await world.app.request(url)).text()).includes('Second offer'), 'the new version served');

    // The page moves away: its old address is the site's 404.
    await world.db.updateTable('site_pages').set({ path: '/moved' }).where('id', '=', pageId).execute();
    await eventually(async () => (await world.app.request(url)).status === 404, 'the old address answers 404');
    expect((await world.app.request(`/s/${handle}/moved`)).status).toBe(200);
  });

  it('counts every visitor of a funnel step once the batch is written, and keeps each on their variant', async () => {
    const world = await funnelsWorld();
    const handle = await handleOf(world);
    const control = await pageWith(world, '/guide', '<!doctype html><p>Variant A</p>');
    const other = await pageWith(world, '/guide-b', '<!doctype html><p>Variant B</p>');
    const { id: funnelId } = await world.api.funnels.create({ siteId: world.siteId, name: 'Guide' });
    const { id: stepId } = await world.api.funnels.addStep({ funnelId, pageId: control, name: 'Opt-in' });
    await world.api.funnels.addVariant({ stepId, pageId: other });

    const visitors = Array.from({ length: 40 }, (_, i) => `Mozilla/5.0 visitor-${i}-${funnelId}`);
    const seen = new Map<string, string>();
    for (const agent of visitors) {
      const body = await (await world.app.request(`/s/${handle}/guide`, { headers: { 'user-agent': agent } })).text();
      seen.set(agent, body.includes('Variant A') ? 'A' : 'B');
    }
    // Each comes back to the variant they saw, and coming back counts no one twice.
    for (const agent of visitors) {
      const body = await (await world.app.request(`/s/${handle}/guide`, { headers: { 'user-agent': agent } })).text();
      expect(body.includes('Variant A') ? 'A' : 'B').toBe(seen.get(agent));
    }
    expect(new Set(seen.values())).toEqual(new Set(['A', 'B']));

    await flushVisits(world.deps.database);
    const rows = await world.db.selectFrom('funnel_visits').select(['variant_id', 'visitor_hash']).where('funnel_id', '=', funnelId).execute();
    expect(rows).toHaveLength(visitors.length);
    const stats = await world.api.funnels.stats({ funnelId });
    expect(stats.steps[0]).toMatchObject({ visitors: visitors.length });
    expect(stats.steps[0]!.variants.map((v) => v.visitors).sort()).toEqual([[...seen.values()].filter((v) => v === 'A').length, [...seen.values()].filter((v) => v === 'B').length].sort());
  });
});
