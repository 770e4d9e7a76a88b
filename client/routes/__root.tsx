import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { ChatWidget } from '../components/chat-widget';
import { useDocumentTitle } from '../components/document-title';
import { NotFound } from '../components/not-found';
import { usePageViews } from '../components/page-views';
import { useApplyTheme } from '../components/theme-toggle';
import { Toaster } from '../components/ui/toast';
import { TooltipProvider } from '../components/ui/tooltip';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  useApplyTheme();
  useDocumentTitle();
  usePageViews();
  const embedded = useRouterState({ select: (s) => s.matches.some((m) => m.staticData.embeddable && (m.search as { embed?: unknown }).embed === 1) });
  return (
    <TooltipProvider>
      <Outlet />
      {embedded ? null : <ChatWidget />}
      <Toaster />
    </TooltipProvider>
  );
}
