import { createRouter } from '@tanstack/react-router';
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
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
