import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => <Outlet />,
  notFoundComponent: () => (
    <main>
      <h1>Page Not Found</h1>
      <p>404 Page Not Found</p>
    </main>
  ),
});
