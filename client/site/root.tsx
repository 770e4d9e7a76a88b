import { createRootRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { ChatWidget } from '../components/chat-widget';
import { useDocumentTitle } from '../components/document-title';
import { usePageViews } from '../components/page-views';
import { useStoredTheme } from '../lib/theme-store';

/**
 * Root of the public site's route tree (client/site/routeTree.gen.js, generated from the public route
 * files by vite.config.ts). Unlike the application's root it carries no query client, tRPC, jotai or
 * tooltips, and loads its Not Found and error screens and the toasts only when needed: the landing's
 * entry stays light. The support chat widget is on every public page too (its panel loads on open).
 */
// Toasts (lead forms, payments) arrive with the first page that raises one.
const Toaster = lazy(() => import('../components/ui/toast').then((m) => ({ default: m.Toaster })));

export const Route = createRootRoute({
  component: SiteRoot,
  notFoundComponent: lazyRouteComponent(() => import('./not-found'), 'SiteNotFound'),
  errorComponent: lazyRouteComponent(() => import('../components/route-error'), 'RouteError'),
});

function SiteRoot() {
  const [theme] = useStoredTheme();
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  useDocumentTitle();
  usePageViews();
  return (
    <>
      <Outlet />
      <ChatWidget />
      <Suspense>
        <Toaster />
      </Suspense>
    </>
  );
}
