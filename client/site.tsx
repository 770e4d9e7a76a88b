import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n, applyLanguageFor } from './i18n';
import { routeTree } from './site/routeTree.gen';
import './styles.css';

/**
 * The public site's entry (site.html): the public pages only, no tRPC, query client or application
 * shell (docs/decisions/005-public-site-entry.md). The application entry (main.tsx) still has every
 * route, so in-app navigation to a public page works too.
 */
const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

// <html lang dir> before the first paint; a French or Arabic visitor's chrome catalog arrives first.
const language = applyLanguageFor(window.location.pathname);
void (language === 'en' ? Promise.resolve() : i18n.changeLanguage(language)).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
