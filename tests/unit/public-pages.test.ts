import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { isPublicSitePage } from '../../client/lib/analytics';
import { isPublicPagePath, publicPagePatterns, publicRouteFiles, SITE_GROUP } from '../../server/http/public-routes';

// Issue #14: app pages were counted as website visits. One list decides on both sides: the public route files.
const globals = globalThis as { __SWITCHBOARD_PUBLIC_PAGES__?: readonly string[] };

describe('public site pages', () => {
  afterEach(() => {
    delete globals.__SWITCHBOARD_PUBLIC_PAGES__;
  });

  it('are the public route files: the landing, pricing and the other site pages, never an app route', () => {
    const paths = publicRouteFiles().map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/pricing', '/features', '/help', '/ar']));
    for (const app of ['/pipeline', '/contacts', '/app', '/settings', '/login', '/signup', '/sms', '/reports']) expect(paths).not.toContain(app);
    for (const path of ['/', '/pricing', '/pricing/']) expect(isPublicPagePath(path)).toBe(true);
    for (const path of ['/pipeline', '/contacts', '/contacts/abc', '/login', '/invite/abc', '/pricingx', '/pricing/extra']) expect(isPublicPagePath(path)).toBe(false);
  });

  it('are the route files of the (site) group, whose folder is not part of their URLs; both generated route trees give them the same ids', () => {
    const files = publicRouteFiles();
    for (const { file, path } of files) {
      expect(file.startsWith(`${SITE_GROUP}/`), file).toBe(true);
      expect(path.includes(SITE_GROUP), path).toBe(false);
    }
    // Route id and URL path of each (site) route, as the application's tree and the site entry's tree declare them.
    const routesOf = (tree: string) => [...readFileSync(new URL(tree, import.meta.url), 'utf8').matchAll(/id: '(\/\(site\)[^']*)',\s*path: '([^']*)'/g)].map((m) => `${m[1]} ${m[2]}`).sort();
    const app = routesOf('../../client/routeTree.gen.ts');
    expect(routesOf('../../client/site/routeTree.gen.js')).toEqual(app);
    expect(app.map((route) => route.split(' ')[1]).sort()).toEqual(files.map((f) => f.path).sort());
  });

  it('the client sends views of those pages only, with the patterns the build gives it', () => {
    globals.__SWITCHBOARD_PUBLIC_PAGES__ = publicPagePatterns();
    expect(isPublicSitePage('/pricing')).toBe(true);
    expect(isPublicSitePage('/')).toBe(true);
    expect(isPublicSitePage('/pipeline')).toBe(false);
    expect(isPublicSitePage('/contacts')).toBe(false);
    expect(isPublicSitePage('/settings/billing')).toBe(false);
    // Without a build's list (this test runner), nothing is held back here; the server still decides.
    delete globals.__SWITCHBOARD_PUBLIC_PAGES__;
    expect(isPublicSitePage('/pipeline')).toBe(true);
  });
});
