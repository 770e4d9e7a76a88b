import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { onTestFinished, beforeAll, describe, expect, it } from 'vitest';
import * as canonicalMigration from '../../db/migrations/2026_12_04_700_site_versions_canonical_base';
import * as codeMigration from '../../db/migrations/2026_12_07_200_site_versions_custom_code';
import { renderCodeDocument } from '../../server/sites/blocks/document';
import { CANONICAL_BASE } from '../../server/sites/canonical';
import { ISLAND_SRC } from '../../server/sites/publish';
import { CUSTOM_CODE_POLICY } from '../../server/sites/served-pages';
import { getTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount, createKey } from '../helpers/factories';
import { checkedTestApp } from '../helpers/openapi';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

type Page = { id: string; path: string; status: string; url: string };

/** An organization with its owner's tRPC caller, an API key, and the app's doors (by Host when asked). */
async function sitesWorld() {
  const built = await checkedTestApp();
  const owner = await createAccount(built.deps, 'sites');
  const api = built.caller(browser(owner.cookie));
  const key = await createKey(built.deps, owner.organizationId, 'admin');
  const get = (path: string, headers: Record<string, string> = {}) => built.app.request(path, { headers });
  const site = async (name = 'Bright Smiles') => {
    const { id } = await api.sites.create({ name });
    return api.sites.get({ siteId: id });
  };
  return { ...built, owner, api, key, get, site };
}

const pageOf = (site: { pages: Page[] }, path: string) => site.pages.find((p) => p.path === path)!;
const handlePath = (url: string) => new URL(url).pathname;

describe('sites: drafts, publishing and serving', () => {
  it('creates a site with its home and thank-you pages, publishes, serves with an ETag, 304s, republishes and reverts', async () => {
    const world = await sitesWorld();
    const site = await world.site();
    expect(site.handle).toMatch(/^bright-smiles/);
    expect(site.pages.map((p) => [p.path, p.status])).toEqual([
      ['/', 'draft'],
      ['/thank-you', 'draft'],
    ]);
    const home = pageOf(site, '/');
    // Not published yet: the site's plain 404.
    expect((await world.get(`/s/${site.handle}/`)).status).toBe(404);

    const first = await world.api.sites.publish({ pageId: home.id });
    expect(first.number).toBe(1);
    expect(first.url).toBe(`${world.deps.config.publicUrl}/s/${site.handle}/`);
    const served = await world.get(`/s/${site.handle}/`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/html/);
    expect(served.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const csp = served.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`frame-src 'self' ${new URL(world.deps.config.publicUrl).origin} https://www.youtube-nocookie.com`);
    expect(csp).toMatch(/style-src 'self' 'sha256-/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = served.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const html = await served.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain(`<link rel="canonical" href="${world.deps.config.publicUrl}/s/${site.handle}/"`);

    const head = await world.app.request(`/s/${site.handle}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
    const again = await world.get(`/s/${site.handle}/`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    // A 304's headers update the page the browser shows: its policy is the page's own, or the page's inline style is refused.
    expect(again.headers.get('content-security-policy')).toBe(csp);
    // The site's address without its slash leads to the home page.
    const bare = await world.get(`/s/${site.handle}`);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(`/s/${site.handle}/`);

    // A changed draft: 'changed' until published again, which changes the ETag.
    const page = await world.api.sites.page({ pageId: home.id });
    expect(page.status).toBe('published');
    const changed = structuredClone(page.draft);
    changed.content = changed.content.slice(0, -1);
    await world.api.sites.saveDraft({ pageId: home.id, data: changed, baseUpdatedAt: page.draftUpdatedAt });
    expect((await world.api.sites.page({ pageId: home.id })).status).toBe('changed');
    const second = await world.api.sites.publish({ pageId: home.id });
    expect(second.number).toBe(2);
    const reserved = await world.get(`/s/${site.handle}/`);
    expect(reserved.headers.get('etag')).not.toBe(etag);
    expect((await world.get(`/s/${site.handle}/`, { 'if-none-match': etag })).status).toBe(200);

    // Revert: version 1 is live again, and the draft.
    const reverted = await world.api.sites.revert({ pageId: home.id, versionId: first.versionId });
    expect(reverted.number).toBe(1);
    expect((await world.get(`/s/${site.handle}/`)).headers.get('etag')).toBe(etag);
    const afterRevert = await world.api.sites.page({ pageId: home.id });
    expect(afterRevert.status).toBe('published');
    expect(afterRevert.versions.map((v) => [v.number, v.live])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(afterRevert.draft.content.length).toBe(page.draft.content.length);
  });

  it('refuses a stale draft (someone saved since) with CONFLICT naming baseUpdatedAt', async () => {
    const world = await sitesWorld();
    const site = await world.site();
    const page = await world.api.sites.page({ pageId: pageOf(site, '/').id });
    const saved = await world.api.sites.saveDraft({ pageId: page.id, data: page.draft, baseUpdatedAt: page.draftUpdatedAt });
    expect(saved.draftUpdatedAt > page.draftUpdatedAt || saved.draftUpdatedAt === page.draftUpdatedAt).toBe(true);
    await expect(world.api.sites.saveDraft({ pageId: page.id, data: page.draft, baseUpdatedAt: new Date(Date.parse(page.draftUpdatedAt) - 60_000).toISOString() })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^baseUpdatedAt: /),
    });
    // The saved time works as the next base.
    await world.api.sites.saveDraft({ pageId: page.id, data: page.draft, baseUpdatedAt: saved.draftUpdatedAt });
  });

  it('serves the sitemap, robots.txt, the per-site 404 and the islands script; a page without a form, booking calendar or countdown has no script', async () => {
    const world = await sitesWorld();
    const site = await world.site();
    const home = pageOf(site, '/');
    const thanks = pageOf(site, '/thank-you');
    await world.api.sites.publish({ pageId: home.id });
    await world.api.sites.publish({ pageId: thanks.id });
    const hidden = await world.api.sites.createPage({ siteId: site.id, path: '/private/offer', title: 'Private offer' });
    await world.api.sites.updatePage({ pageId: hidden.id, noindex: true });
    await world.api.sites.publish({ pageId: hidden.id });

    const sitemap = await world.get(`/s/${site.handle}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${world.deps.config.publicUrl}/s/${site.handle}/</loc>`);
    expect(xml).toContain(`<loc>${world.deps.config.publicUrl}/s/${site.handle}/thank-you</loc>`);
    expect(xml).not.toContain('/private/offer');
    const robots = await (await world.get(`/s/${site.handle}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${world.deps.config.publicUrl}/s/${site.handle}/sitemap.xml`);
    expect(robots).toContain(`Disallow: /s/${site.handle}/_code/`);

    // The thank-you page has no form: no script at all. The home page's form brings exactly the islands script.
    const thanksHtml = await (await world.get(`/s/${site.handle}/thank-you`)).text();
    expect(thanksHtml).not.toMatch(/<script/i);
    const homeHtml = await (await world.get(`/s/${site.handle}/`)).text();
    const scripts = [...homeHtml.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
    expect(scripts).toHaveLength(1);
    const src = /src="([^"]+)"/.exec(scripts[0]!)![1]!;
    expect(src).toMatch(/^\/s\/_islands\.js\?v=[0-9a-f]{12}$/);
    const islands = await world.get(src);
    expect(islands.status).toBe(200);
    expect(islands.headers.get('content-type')).toMatch(/javascript/);
    expect(islands.headers.get('cache-control')).toContain('immutable');
    expect(homeHtml).toContain(`action="./_form/${home.id}/`);

    // A trailing slash leads to the page's one address; an unknown path is the site's 404.
    expect((await world.get(`/s/${site.handle}/thank-you/`)).headers.get('location')).toBe(`/s/${site.handle}/thank-you`);
    const missing = await world.get(`/s/${site.handle}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
    const unknown = await world.get('/s/no-such-site-here/');
    expect(unknown.status).toBe(404);

    // The site's own '/404' page, once published, is its 404 (still with status 404).
    const own404 = await world.api.sites.createPage({ siteId: site.id, path: '/404', title: 'Lost?', templateId: 'thank-you' });
    await world.api.sites.publish({ pageId: own404.id });
    const custom = await world.get(`/s/${site.handle}/nowhere`);
    expect(custom.status).toBe(404);
    expect(await custom.text()).toContain('<title>Lost?');
    expect(await (await world.get(`/s/${site.handle}/sitemap.xml`)).text()).not.toContain('/404<');
  });

  it('answers a form post per the islands contract (JSON) and natively (303 or the page again)', async () => {
    const world = await sitesWorld();
    const site = await world.site();
    const home = pageOf(site, '/');
    await world.api.sites.publish({ pageId: home.id });
    const html = await (await world.get(`/s/${site.handle}/`)).text();
    const action = /action="\.\/(_form\/[^"]+)"/.exec(html)![1]!;
    const body = new URLSearchParams({ email: 'visitor@example.test', website: '' }).toString();
    const json = await world.app.request(`/s/${site.handle}/${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body });
    const answer = (await json.json()) as { redirect?: string; errors?: Record<string, string> };
    expect(answer.redirect ?? answer.errors).toBeDefined();
    const native = await world.app.request(`/s/${site.handle}/${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect([303, 422]).toContain(native.status);
    if (native.status === 303) expect(native.headers.get('location')).toMatch(new RegExp(`^${world.deps.config.publicUrl}/s/${site.handle}/`));
    else expect(await native.text()).toMatch(/^<!doctype html>/i);
    // A page of another site is not a form of this one.
    const other = await world.site('Other site');
    const elsewhere = await world.app.request(`/s/${other.handle}/${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body });
    expect(elsewhere.status).toBe(404);
  });

  it('names the field of bad input: handle, path, domain, template; a handle is unique across organizations', async () => {
    const world = await sitesWorld();
    await expect(world.api.sites.create({ name: 'x', handle: 'No Way!' })).rejects.toMatchObject({ message: expect.stringMatching(/^handle: /) });
    await expect(world.api.sites.create({ name: 'x', templateId: 'nope' })).rejects.toMatchObject({ message: expect.stringMatching(/^templateId: /) });
    const site = await world.site();
    for (const path of ['/_form/x', '/_assets', 'no-slash', '/Upper', '/a//b']) {
      await expect(world.api.sites.createPage({ siteId: site.id, path, title: 'T' })).rejects.toMatchObject({ message: expect.stringMatching(/^path: /) });
    }
    await expect(world.api.sites.createPage({ siteId: site.id, path: '/thank-you', title: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^path: /) });
    for (const domain of ['http://shop.example.com', 'localhost', 'shop.example.com:8080', 'not a domain']) {
      await expect(world.api.sites.addDomain({ siteId: site.id, domain })).rejects.toMatchObject({ message: expect.stringMatching(/^domain: /) });
    }
    await expect(
      world.api.sites.addDomain({ siteId: site.id, domain: new URL(world.deps.config.publicUrl).hostname === 'localhost' ? '127.0.0.1' : new URL(world.deps.config.publicUrl).hostname }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/^domain: /),
    });

    const rival = await createAccount(world.deps, 'rival');
    const rivalApi = world.caller(browser(rival.cookie));
    await expect(rivalApi.sites.create({ name: 'Copy', handle: site.handle })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^handle: /) });
    await expect(rivalApi.sites.update({ siteId: (await rivalApi.sites.create({ name: 'Rival' })).id, handle: site.handle })).rejects.toMatchObject({ code: 'CONFLICT' });
    // Another organization's site is not found.
    await expect(rivalApi.sites.get({ siteId: site.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves a verified custom domain by Host header; the TLS ask answers 200 only for it; other hosts fall through', async () => {
    const world = await sitesWorld();
    const site = await world.site();
    const { versionId } = await world.api.sites.publish({ pageId: pageOf(site, '/').id });
    // Published before canonical addresses were put in when served: the migration gives the stored version the placeholder.
    const db = world.deps.database.db;
    const stored = await db.selectFrom('site_page_versions').select(['html', 'etag']).where('id', '=', versionId).executeTakeFirstOrThrow();
    const literal = stored.html.replaceAll(`"${CANONICAL_BASE}/"`, `"${world.deps.config.publicUrl}/s/${site.handle}/"`);
    expect(literal).not.toBe(stored.html);
    await db.updateTable('site_page_versions').set({ html: literal, etag: 'before-the-migration' }).where('id', '=', versionId).execute();
    await canonicalMigration.up(db);
    expect(await db.selectFrom('site_page_versions').select(['html', 'etag']).where('id', '=', versionId).executeTakeFirstOrThrow()).toEqual(stored);
    const domain = `www.smiles-${Date.now().toString(36)}.example.com`;
    const added = await world.api.sites.addDomain({ siteId: site.id, domain: domain.toUpperCase() });
    expect(added.domain).toBe(domain);
    await expect(world.api.sites.addDomain({ siteId: site.id, domain })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^domain: /) });

    // Not verified yet: the host falls through to the app; Caddy is told no.
    expect((await world.get('/', { host: domain })).status).not.toBe(200);
    expect((await world.get(`/api/sites/domains/allowed?domain=${domain}`)).status).toBe(404);

    // The check connects to a closed port: refused with the reason.
    world.deps.config.sitesDomainCheckUrl = 'http://127.0.0.1:9';
    await expect(world.api.sites.verifyDomain({ domainId: added.id })).rejects.toMatchObject({ message: expect.stringMatching(/^domain: did not verify/) });

    // The sandbox: the check connects to this test server with the domain as Host.
    const server = serve({ fetch: world.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    world.deps.config.sitesDomainCheckUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const verified = await world.api.sites.verifyDomain({ domainId: added.id });
    expect(verified.verified).toBe(true);

    const served = await world.get('/', { host: domain });
    expect(served.status).toBe(200);
    expect(await served.text()).toMatch(/^<!doctype html>/i);
    expect((await world.get('/sitemap.xml', { host: domain })).status).toBe(200);
    expect(await (await world.get('/robots.txt', { host: domain })).text()).toContain(`Sitemap: https://${domain}/sitemap.xml`);
    expect((await world.get('/nowhere', { host: domain })).status).toBe(404);
    expect((await world.get(`/api/sites/domains/allowed?domain=${domain}`)).status).toBe(200);
    expect((await world.get('/api/sites/domains/allowed?domain=unknown.example.com')).status).toBe(404);
    // The app's own hosts and unknown hosts are the app.
    expect((await world.get('/api/health', { host: 'unknown.example.org' })).status).toBe(200);
    expect((await world.get('/api/health', { host: '127.0.0.1:3000' })).status).toBe(200);

    const listed = await world.api.sites.get({ siteId: site.id });
    expect(listed.url).toBe(`https://${domain}`);
    expect(listed.domains).toEqual([expect.objectContaining({ domain, verified: true })]);
    // Without a republish, the page names the verified domain as its address, whichever way it is reached; so does the sitemap.
    for (const [path, host] of [
      ['/', domain],
      [`/s/${site.handle}/`, undefined],
    ] as const) {
      const html = await (await world.get(path, host ? { host } : {})).text();
      expect(html).toContain(`<link rel="canonical" href="https://${domain}/">`);
      expect(html).toContain(`<meta property="og:url" content="https://${domain}/">`);
    }
    expect(await (await world.get(`/s/${site.handle}/sitemap.xml`)).text()).toContain(`<loc>https://${domain}/</loc>`);
    expect(await (await world.get(`/s/${site.handle}/robots.txt`)).text()).toContain(`Sitemap: https://${domain}/sitemap.xml`);
    // A form posted on either address sends the visitor on at the canonical one.
    const action = /action="\.\/(_form\/[^"]+)"/.exec(await (await world.get('/', { host: domain })).text())![1]!;
    for (const [path, host] of [
      [`/${action}`, domain],
      [`/s/${site.handle}/${action}`, undefined],
    ] as const) {
      const posted = await world.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(host ? { host } : {}) },
        body: new URLSearchParams({ firstName: 'Vi', email: `visitor-${Date.now()}@example.test`, consent: 'on', website: '' }).toString(),
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toBe(`https://${domain}/?submitted=1`);
    }
    const onDomain = await world.get('/', { host: domain });
    expect((await world.get(`/s/${site.handle}/`)).headers.get('etag')).toBe(onDomain.headers.get('etag'));

    await world.api.sites.removeDomain({ domainId: added.id });
    expect((await world.get(`/api/sites/domains/allowed?domain=${domain}`)).status).toBe(404);
    // Removed: back to the /s/<handle> address, with another ETag (the page's bytes changed).
    const back = await world.get(`/s/${site.handle}/`);
    const html = await back.text();
    expect(html).toContain(`<link rel="canonical" href="${world.deps.config.publicUrl}/s/${site.handle}/">`);
    expect(html).toContain(`<meta property="og:url" content="${world.deps.config.publicUrl}/s/${site.handle}/">`);
    expect(back.headers.get('etag')).not.toBe(onDomain.headers.get('etag'));
    expect(await (await world.get(`/s/${site.handle}/sitemap.xml`)).text()).toContain(`<loc>${world.deps.config.publicUrl}/s/${site.handle}/</loc>`);
  });

  it('lists sites with their pages over the API, and stores uploaded pictures sniffed from their bytes', async () => {
    const world = await sitesWorld();
    const site = await world.site();
    await world.api.sites.publish({ pageId: pageOf(site, '/').id });
    const listed = await world.app.request('/api/v1/sites', { headers: { authorization: `Bearer ${world.key}` } });
    expect(listed.status).toBe(200);
    const { items } = (await listed.json()) as { items: { id: string; pages: Page[] }[] };
    expect(items).toEqual([expect.objectContaining({ id: site.id })]);
    expect(items[0]!.pages.map((p) => [p.path, p.status, handlePath(p.url)])).toEqual([
      ['/', 'published', `/s/${site.handle}/`],
      ['/thank-you', 'draft', `/s/${site.handle}/thank-you`],
    ]);

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f2a3d20000000049454e44ae426082', 'hex');
    const upload = (bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      return world.app.request(`/api/sites/${site.id}/assets`, { method: 'POST', headers: { ...browser(world.owner.cookie), origin: world.deps.config.publicUrl }, body: form });
    };
    const stored = await upload(png, 'pixel.png');
    expect(stored.status).toBe(201);
    const { id, url } = (await stored.json()) as { id: string; url: string };
    expect(url).toBe(`${world.deps.config.publicUrl}/s/${site.handle}/_assets/${id}`);
    const picture = await world.get(`/s/${site.handle}/_assets/${id}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await picture.arrayBuffer()).equals(png)).toBe(true);
    // Not a picture, whatever its name says.
    const refused = await upload(new TextEncoder().encode('<svg onload=alert(1)>'), 'evil.png');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/^file: /) });
    // The favicon is the site's picture once set, else 404.
    expect((await world.get(`/s/${site.handle}/favicon.ico`)).status).toBe(404);
    await world.api.sites.update({ siteId: site.id, settings: { faviconAssetId: id } });
    expect((await world.get(`/s/${site.handle}/favicon.ico`)).headers.get('content-type')).toBe('image/png');

    // Custom code runs on the published pages: an admin's to write, not a manager's.
    const manager = await addMember(world.deps, world.owner.organizationId, 'manager', 'site-manager');
    const managerApi = world.caller(browser(manager.cookie));
    await expect(managerApi.sites.update({ siteId: site.id, settings: { customHead: '<script>1</script>' } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await managerApi.sites.update({ siteId: site.id, name: 'Renamed by the manager', settings: { footerText: 'Open Monday to Friday' } });
    await world.api.sites.update({ siteId: site.id, settings: { customHead: '<script>window.owner = 1</script>' } });
    expect((await world.api.sites.get({ siteId: site.id })).settings).toMatchObject({ footerText: 'Open Monday to Friday', customHead: '<script>window.owner = 1</script>', faviconAssetId: id });
    // The code is in a sandboxed frame of the published page, never in the document itself.
    await world.api.sites.publish({ pageId: pageOf(site, '/thank-you').id });
    const page = await (await world.get(`/s/${site.handle}/thank-you`)).text();
    expect(page).not.toContain('<script>window.owner');
    expect(page).toMatch(/<iframe[^>]*sandbox/);
  });

  it('serves each version’s custom code as its own sandboxed document, by path and by Host; 404 without code', async () => {
    const world = await sitesWorld();
    const db = world.deps.database.db;
    const site = await world.site();
    const thanks = pageOf(site, '/thank-you');
    const codeOf = (versionId: string, host?: string) => world.get(host ? `/_code/${versionId}` : `/s/${site.handle}/_code/${versionId}`, host ? { host } : {});

    // No code: no frame, and nothing at the version's code address.
    const plain = await world.api.sites.publish({ pageId: thanks.id });
    expect(await (await world.get(`/s/${site.handle}/thank-you`)).text()).not.toContain('<iframe');
    expect((await codeOf(plain.versionId)).status).toBe(404);

    const first = '<script>document.body.textContent = "first"</script>';
    await world.api.sites.update({ siteId: site.id, settings: { customHead: first } });
    const v2 = await world.api.sites.publish({ pageId: thanks.id });
    const served = await world.get(`/s/${site.handle}/thank-you`);
    const html = await served.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`<iframe class="sb-sr" sandbox="allow-scripts" src="./_code/${v2.versionId}" title="Site code" aria-hidden="true" tabindex="-1"></iframe>`);
    // The page frames its own site's addresses ('self': the product's origin here, the custom domain there).
    expect(served.headers.get('content-security-policy')).toContain("frame-src 'self' ");

    const code = await codeOf(v2.versionId);
    expect(code.status).toBe(200);
    expect(code.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(code.headers.get('content-security-policy')).toBe(CUSTOM_CODE_POLICY);
    expect(code.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(code.headers.get('x-robots-tag')).toBe('noindex');
    expect(await code.text()).toBe(renderCodeDocument(first));

    // Changed code is the next version's; the earlier version's stays what it was published with.
    const second = '<script src="https://tags.example.test/t.js" async></script>';
    await world.api.sites.update({ siteId: site.id, settings: { customHead: second } });
    const v3 = await world.api.sites.publish({ pageId: thanks.id });
    expect(await (await codeOf(v3.versionId)).text()).toBe(renderCodeDocument(second));
    expect(await (await codeOf(v2.versionId)).text()).toBe(renderCodeDocument(first));
    // Removed: the next version frames nothing.
    await world.api.sites.update({ siteId: site.id, settings: { customHead: '' } });
    const v4 = await world.api.sites.publish({ pageId: thanks.id });
    expect(await (await world.get(`/s/${site.handle}/thank-you`)).text()).not.toContain('<iframe');
    expect((await codeOf(v4.versionId)).status).toBe(404);
    // Not this site's version, no version, not an id.
    const other = await world.site('Other site');
    expect((await world.get(`/s/${other.handle}/_code/${v2.versionId}`)).status).toBe(404);
    expect((await codeOf('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await codeOf('not-an-id')).status).toBe(404);

    // On the site's custom domain, by Host: the same document under the same policy.
    const domain = `code-${Date.now().toString(36)}.example.com`;
    await db
      .insertInto('site_domains')
      .values({ organization_id: world.owner.organizationId, site_id: site.id, domain, verification_token: `t-${domain}`, verified_at: new Date() })
      .execute();
    const onDomain = await codeOf(v2.versionId, domain);
    expect(onDomain.status).toBe(200);
    expect(onDomain.headers.get('content-security-policy')).toBe(CUSTOM_CODE_POLICY);
    expect(await onDomain.text()).toBe(renderCodeDocument(first));
    expect((await codeOf(v4.versionId, domain)).status).toBe(404);

    // Published before the code had its own address: the migration moves the srcdoc frame's code into the version.
    const stored = await db.selectFrom('site_page_versions').select(['html', 'etag', 'custom_code']).where('id', '=', v3.versionId).executeTakeFirstOrThrow();
    const legacy = stored.html.replace(
      /<iframe class="sb-sr" [^>]*><\/iframe>/,
      '<iframe class="sb-sr" sandbox="allow-scripts" srcdoc="&lt;script src=&quot;https://tags.example.test/t.js&quot; async&gt;&lt;/script&gt;" title="Site code" aria-hidden="true" tabindex="-1"></iframe>',
    );
    expect(legacy).not.toBe(stored.html);
    await db.updateTable('site_page_versions').set({ html: legacy, etag: 'before-the-migration', custom_code: null }).where('id', '=', v3.versionId).execute();
    await codeMigration.up(db);
    expect(await db.selectFrom('site_page_versions').select(['html', 'etag', 'custom_code']).where('id', '=', v3.versionId).executeTakeFirstOrThrow()).toEqual(stored);
  });

  it('serves the countdown island by path and on custom domains; a page with a countdown loads it alone', async () => {
    const world = await sitesWorld();
    const site = await world.site();
    const page = await world.api.sites.createPage({ siteId: site.id, path: '/offer', title: 'Offer', templateId: 'thank-you' });
    const draft = (await world.api.sites.page({ pageId: page.id })).draft;
    draft.content.push({ type: 'Countdown', props: { id: 'ends', title: 'Offer ends', endsAt: '2030-01-01T18:00', timeZone: 'Europe/Paris', endedText: 'The offer has ended' } });
    await world.api.sites.saveDraft({ pageId: page.id, data: draft, baseUpdatedAt: (await world.api.sites.page({ pageId: page.id })).draftUpdatedAt });
    await world.api.sites.publish({ pageId: page.id });
    const html = await (await world.get(`/s/${site.handle}/offer`)).text();
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([`<script src="${ISLAND_SRC.countdown}" defer>`]);
    expect(ISLAND_SRC.countdown).toMatch(/^\/s\/_countdown\.js\?v=[0-9a-f]{12}$/);
    const domain = `ends-${Date.now().toString(36)}.example.com`;
    await world.deps.database.db
      .insertInto('site_domains')
      .values({ organization_id: world.owner.organizationId, site_id: site.id, domain, verification_token: `t-${domain}`, verified_at: new Date() })
      .execute();
    for (const host of [undefined, domain]) {
      const script = await world.get(ISLAND_SRC.countdown, host ? { host } : {});
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(script.headers.get('cache-control')).toContain('immutable');
      expect(await script.text()).toContain('data-sb-ends');
    }
  });

  it('shows the organization’s business phone in the Footer block from the next publish', async () => {
    const world = await sitesWorld();
    const site = await world.site();
    const thanks = pageOf(site, '/thank-you');
    await world.api.sites.publish({ pageId: thanks.id });
    expect(await (await world.get(`/s/${site.handle}/thank-you`)).text()).not.toContain('href="tel:');
    await world.api.organizations.update({ phone: '(415) 555-0100' });
    // Not before the page is published again (a version never changes).
    expect(await (await world.get(`/s/${site.handle}/thank-you`)).text()).not.toContain('href="tel:');
    await world.api.sites.publish({ pageId: thanks.id });
    expect(await (await world.get(`/s/${site.handle}/thank-you`)).text()).toContain('<a href="tel:+14155550100">+1 415 555 0100</a>');
  });
});
