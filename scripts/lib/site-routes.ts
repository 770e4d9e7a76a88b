import { index, rootRoute, route, type VirtualRootRoute } from '@tanstack/virtual-file-routes';
import { publicRouteFiles } from '../../server/http/public-routes';

/** The route files' list of public pages lives with the server, which counts their page views (server/site-analytics). */
export { APP_PAGE_FILES, publicRouteFiles, routePathOf, type PublicRouteFile } from '../../server/http/public-routes';

/** The public site's root route, relative to client/routes. */
export const SITE_ROOT_FILE = '../site/root.tsx';

/** The public site's route tree for TanStack's generator: the site root over the public pages, from the same files. */
export function siteRouteConfig(routesDirectory: string): VirtualRootRoute {
  return rootRoute(
    SITE_ROOT_FILE,
    publicRouteFiles(routesDirectory).map(({ file, path }) => (path === '/' ? index(file) : route(path, file))),
  );
}
