import { createRouter } from '@tanstack/react-router';
import { NotFound } from './components/not-found';
import { RouteError } from './components/route-error';
import { PendingScreen } from './components/ui/spinner';
import { queryClient, trpcUtils } from './lib/trpc';
import { routeTree } from './routeTree.gen';

export type RouterContext = {
  queryClient: typeof queryClient;
  trpc: typeof trpcUtils;
};

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc: trpcUtils },
  defaultPreload: 'intent',
  // Loaders read through the query cache, which owns staleness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  // A route whose lazily loaded chunk takes longer than this shows a centered spinner in its place.
  defaultPendingComponent: PendingScreen,
  defaultPendingMs: 150,
  defaultPendingMinMs: 300,
  defaultErrorComponent: RouteError,
  // Unknown paths below a layout (e.g. /contacts/x) show the same screen inside that layout.
  defaultNotFoundComponent: NotFound,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The page's name in document.title ("Contacts · Switchboard"). */
    title?: string;
    /** The page's meta description (public pages; search engines show it). */
    description?: string;
    /** With `?embed=1` the page is shown in another site's frame: the root adds no chat widget. */
    embeddable?: true;
  }
}
