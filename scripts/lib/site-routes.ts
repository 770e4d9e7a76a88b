import { physical, rootRoute, type VirtualRootRoute } from '@tanstack/virtual-file-routes';
import { SITE_GROUP } from '../../server/http/public-routes';

/** The route files' list of public pages lives with the server, which counts their page views (server/site-analytics). */
export { publicRouteFiles, routePathOf, SITE_GROUP, type PublicRouteFile } from '../../server/http/public-routes';

/** The public site's root route, relative to client/routes. */
export const SITE_ROOT_FILE = '../site/root.tsx';

/**
 * The public site's route tree for TanStack's generator: the site root over the (site) group's route
 * files, mounted under the group's own prefix so each route keeps the id the application's tree gives
 * it ('/(site)/pricing'; the group adds nothing to the URL) and both generators write the same
 * createFileRoute path into the file.
 */
export function siteRouteConfig(): VirtualRootRoute {
  return rootRoute(SITE_ROOT_FILE, [physical(`/${SITE_GROUP}`, SITE_GROUP)]);
}
