import { afterEach, describe, expect, it } from 'vitest';
import { isPublicSitePage } from '../../client/lib/analytics';
import { isPublicPagePath, publicPagePatterns, publicRouteFiles } from '../../server/http/public-routes';

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
