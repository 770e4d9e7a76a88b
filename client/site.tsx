import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyLanguageFor } from './i18n';
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

// <html lang dir> before the first paint; a French or Arabic visitor's chrome catalog arrives first.
void applyLanguageFor(window.location.pathname).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
