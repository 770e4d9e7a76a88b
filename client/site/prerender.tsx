import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { setLanguage } from '../i18n';
import { DEFAULT_LANGUAGE, directionOf, pageLanguage } from '../i18n/languages';
import { formatDocumentTitle, pageDescriptionOf, pageTitleOf } from '../lib/document-title';
import { RenderedDeviceContext, type RenderedDevice } from '../lib/mobile-visitor';
import { routeTree } from './routeTree.gen';

/**
 * The public site rendered to HTML at build time (docs/decisions/012-prerendered-public-site.md).
 * Bundled for Node by scripts/lib/prerender.ts, which writes each page's HTML for the server; the
 * browser then hydrates it (client/site.tsx) in the same language, theme and device variant.
 */

export { MOBILE_AGENT } from '../lib/mobile-visitor';

/** React's mark of a Suspense boundary whose content comes later, by script. */
const PENDING_BOUNDARY = '<!--$?-->';

export type PrerenderedPage = {
  /** The markup of the site's root element. */
  body: string;
  title: string;
  /** The page's own meta description, if it declares one. */
  description: string | undefined;
  language: string;
  dir: 'ltr' | 'rtl';
};

/**
 * One public page for a device, or undefined when it cannot be prerendered: a page that reads its
 * search parameters renders in the browser, where they are known.
 */
export async function renderPage(path: string, device: RenderedDevice): Promise<PrerenderedPage | undefined> {
  const language = pageLanguage(path) ?? DEFAULT_LANGUAGE;
  await setLanguage(language);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), isServer: true });
  await router.load();
  const matches = router.state.matches;
  // A page with validated search parameters (the router sends it to its canonical URL, with them) renders in the browser.
  if (matches.length === 0 || matches.some((m) => router.routesById[m.routeId]?.options.validateSearch)) return undefined;
  if (matches.some((m) => m.status !== 'success')) throw new Error(`Prerendering ${path}: the route did not load (${matches.map((m) => m.status).join(', ')})`);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <RenderedDeviceContext value={device}>
        <RouterProvider router={router} />
      </RenderedDeviceContext>
    </StrictMode>,
    // Waits for lazy components, and keeps every Suspense boundary in place: by default React moves a
    // boundary past 12.8 KB of HTML to the end of the page, to be revealed by an inline script.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Infinity },
  );
  const body = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`Prerendering ${path} (${device}) failed`, { cause: errors[0] });
  if (body.includes(PENDING_BOUNDARY)) throw new Error(`Prerendering ${path} (${device}) failed`, { cause: new Error('a Suspense boundary was left pending') });
  return {
    body,
    title: formatDocumentTitle(pageTitleOf(matches)),
    description: pageDescriptionOf(matches),
    language,
    dir: directionOf(language),
  };
}
