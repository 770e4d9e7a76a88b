import { createRootRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ChatWidget } from '../components/chat-widget';
import { useDocumentTitle } from '../components/document-title';
import { usePageViews } from '../components/page-views';
import { useThemeClass } from '../lib/theme-store';
import { TOAST_SHOWN_EVENT } from '../state/toast-shown';

/**
 * Root of the public site's route tree (client/site/routeTree.gen.js, generated from the public route
 * files by vite.config.ts). Unlike the application's root it carries no query client, tRPC, jotai or
 * tooltips, and loads its Not Found and error screens and the toasts only when needed: the landing's
 * entry stays light. The support chat widget is on every public page too (its panel loads on open).
 */
// Toasts (lead forms, payments): the toaster and its code arrive with the first toast raised.
const Toaster = lazy(() => import('../components/ui/toast').then((m) => ({ default: m.Toaster })));

export const Route = createRootRoute({
  component: SiteRoot,
  notFoundComponent: lazyRouteComponent(() => import('./not-found'), 'SiteNotFound'),
  errorComponent: lazyRouteComponent(() => import('../components/route-error'), 'RouteError'),
});

function SiteRoot() {
  useThemeClass();
  useDocumentTitle();
  usePageViews();
  const toasted = useFirstToast();
  return (
    <>
      <Outlet />
      <ChatWidget />
      {toasted ? (
        <Suspense>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}

/** Whether a toast has been raised on this page yet. */
function useFirstToast(): boolean {
  const [toasted, setToasted] = useState(false);
  useEffect(() => {
    if (toasted) return;
    const onToast = () => setToasted(true);
    window.addEventListener(TOAST_SHOWN_EVENT, onToast);
    return () => window.removeEventListener(TOAST_SHOWN_EVENT, onToast);
  }, [toasted]);
  return toasted;
}
