import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAT_QUICK_REPLIES, CHAT_WELCOME } from '../../server/chat/schema';
import { chunkSources, gzipBytes, pageChunks } from '../../scripts/lib/landing-chunks';
import { PRERENDERED_PAGES, readRouteManifest, type PrerenderedPages } from '../../server/http/client';

const BUILD = path.resolve(import.meta.dirname, '../../dist/client');

/**
 * What the landing must not download (issue #9): validation, the API client, charts, other languages'
 * i18n, server code. Shared `server/<domain>/schema.ts` data modules (plan keys, chat texts) may come along:
 * zod-free by the rule above, which would catch one that imported it.
 */
const OTHER_LANGUAGES = [/^npm:i18next$/, /client\/i18n\/(fr|ar)\.json$/, /client\/i18n\/runtime\.ts$/, /client\/content\/(fr|ar)\//];
const FORBIDDEN = [/^npm:zod$/, /^npm:@trpc\//, /^npm:recharts$/, /^npm:@tanstack\/react-query$/, ...OTHER_LANGUAGES, /client\/lib\/trpc\.ts$/, /^server\/(?!.*\/schema\.ts$)/];

describe("the landing's JavaScript (production build manifest)", () => {
  // Each visitor loads one of the two landings (client/routes/(site)/index.tsx).
  for (const variant of ['desktop', 'mobile']) {
    it(`contains no zod, tRPC, charting code or other languages’ i18n runtime and catalogs (${variant})`, () => {
      const files = pageChunks(BUILD, '(site)/index.tsx', [`routes/(site)/-landing/${variant}-landing.tsx`]);
      const sources = chunkSources(BUILD, files);
      expect(sources.some((s) => s.endsWith(`client/routes/(site)/-landing/${variant}-landing.tsx`))).toBe(true);
      expect(sources.filter((s) => FORBIDDEN.some((f) => f.test(s)))).toEqual([]);
      // Its icons come in one request (scripts/lib/chunk-groups.ts), not one each.
      const iconsOnly = (file: string) => chunkSources(BUILD, [file]).join() === 'npm:lucide-react';
      expect(files.filter(iconsOnly)).toHaveLength(1);
      console.log(`${variant} landing JS: ${files.length} chunks, ${(gzipBytes(BUILD, files) / 1024).toFixed(1)} KB gzip`);
    });
  }
});

/**
 * Public pages the browser renders instead (docs/decisions/012-prerendered-public-site.md): /subscribe
 * and /enterprise-security read their search parameters (plan and period; the open tab). A page added
 * here should be made renderable instead (read the browser in effects), unless it truly cannot be.
 */
const RENDERED_IN_THE_BROWSER = ['/enterprise-security', '/subscribe'];

describe('the prerendered public pages (production build)', () => {
  it('are every public page but those that need the browser to render, with a mobile landing', () => {
    const { pages } = JSON.parse(readFileSync(path.join(BUILD, PRERENDERED_PAGES), 'utf8')) as PrerenderedPages;
    const publicPages = readRouteManifest(BUILD).site.filter((p) => !p.includes('$'));
    expect(publicPages.filter((p) => !pages[p])).toEqual(RENDERED_IN_THE_BROWSER);
    expect(Object.keys(pages).filter((p) => pages[p]!.mobileHtml)).toEqual(['/']);
  });

  it("leaves the chat's texts in other languages to its panel, loaded on the first open", () => {
    const code = pageChunks(BUILD, '(site)/index.tsx').map((file) => readFileSync(path.join(BUILD, file), 'utf8'));
    const otherLanguages = (['fr', 'ar'] as const).flatMap((language) => [CHAT_WELCOME[language], ...CHAT_QUICK_REPLIES[language]]);
    expect(otherLanguages.filter((text) => code.some((chunk) => chunk.includes(text)))).toEqual([]);
  });

  it("loads a translated page's French and Arabic texts only for those languages", () => {
    for (const routeFile of ['(site)/features.tsx', '(site)/pricing.tsx', '(site)/help.tsx', '(site)/dental.tsx']) {
      const sources = chunkSources(BUILD, pageChunks(BUILD, routeFile));
      expect(
        sources.some((s) => s.startsWith('client/content/')),
        routeFile,
      ).toBe(true);
      expect(
        sources.filter((s) => OTHER_LANGUAGES.some((f) => f.test(s))),
        routeFile,
      ).toEqual([]);
    }
  });
});
