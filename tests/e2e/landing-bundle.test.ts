import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkSources, gzipBytes, pageChunks } from '../../scripts/lib/landing-chunks';

const BUILD = path.resolve(import.meta.dirname, '../../dist/client');

/**
 * What the landing must not download (issue #9): validation, the API client, charts, other languages'
 * i18n, server code. Shared `server/<domain>/schema.ts` data modules (plan keys, chat texts) may come along:
 * zod-free by the rule above, which would catch one that imported it.
 */
const FORBIDDEN = [/^npm:zod$/, /^npm:@trpc\//, /^npm:recharts$/, /^npm:@tanstack\/react-query$/, /^npm:i18next$/, /client\/lib\/trpc\.ts$/, /client\/i18n\/(fr|ar)\.json$/, /client\/i18n\/runtime\.ts$/, /^server\/(?!.*\/schema\.ts$)/];

describe("the landing's JavaScript (production build manifest)", () => {
  it('contains no zod, tRPC, charting code or other languages’ i18n runtime and catalogs', () => {
    const files = pageChunks(BUILD, 'index.tsx');
    const sources = chunkSources(BUILD, files);
    expect(sources.some((s) => s.endsWith('client/routes/-landing/desktop-landing.tsx'))).toBe(true);
    expect(sources.filter((s) => FORBIDDEN.some((f) => f.test(s)))).toEqual([]);
    console.log(`landing JS: ${files.length} chunks, ${(gzipBytes(BUILD, files) / 1024).toFixed(1)} KB gzip`);
  });
});
