import './lib/zod-jitless';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { applyLanguageFor, setLanguage } from './i18n';
import { DEFAULT_LANGUAGE, pageLanguage } from './i18n/languages';
import { RenderedDeviceContext, type RenderedDevice } from './lib/mobile-visitor';
import { routeTree } from './site/routeTree.gen';
import './styles.css';

/**
 * The public site's entry (site.html): the public pages only, no tRPC, query client or application
 * shell (docs/decisions/009-public-site-entry.md). The application entry (main.tsx) still has every
 * route, so in-app navigation to a public page works too.
 */
const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

const container = document.getElementById('root')!;
const path = window.location.pathname;
/** Set on the root element of a page prerendered at build time (docs/decisions/012-prerendered-public-site.md). */
const prerendered = container.dataset.prerendered as RenderedDevice | undefined;

if (prerendered) {
  // Hydrate exactly what was rendered: the page's own language (effects then switch to a saved one),
  // its device variant, and the route tree without the client-only Suspense wrapper at its root.
  router.ssr = { manifest: undefined };
  void Promise.all([setLanguage(pageLanguage(path) ?? DEFAULT_LANGUAGE), router.load()]).then(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <RenderedDeviceContext value={prerendered}>
          <RouterProvider router={router} />
        </RenderedDeviceContext>
      </StrictMode>,
    );
  });
} else {
  // <html lang dir> before the first paint; a French or Arabic visitor's chrome catalog arrives first.
  void applyLanguageFor(path).finally(() => {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}
