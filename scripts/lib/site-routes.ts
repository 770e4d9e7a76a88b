import { readdirSync } from 'node:fs';
import { index, rootRoute, route, type VirtualRootRoute } from '@tanstack/virtual-file-routes';

/**
 * Route files in client/routes that are application pages although they sit outside the `_app`
 * layout: they use the session, tRPC or zod and are served by the application entry (index.html).
 * Every other top-level route file is a public page, part of the light public-site entry (site.html).
 */
export const APP_PAGE_FILES: readonly string[] = ['login.tsx', 'signup.tsx', 'invite.$token.tsx'];

/** The public site's root route, relative to client/routes. */
export const SITE_ROOT_FILE = '../site/root.tsx';

export type PublicRouteFile = { file: string; path: string };

/** "index.tsx" → "/", "vs-hubspot.tsx" → "/vs-hubspot", "a.b.tsx" → "/a/b" (TanStack's flat-file naming). */
export function routePathOf(file: string): string {
  const name = file.replace(/\.tsx$/, '');
  return name === 'index' ? '/' : `/${name.split('.').join('/')}`;
}

/** The public pages: top-level route files that are neither layouts, ignored (`-`), the root, nor application pages. */
export function publicRouteFiles(routesDirectory: string): PublicRouteFile[] {
  return readdirSync(routesDirectory, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
    .map((entry) => entry.name)
    .filter((name) => !name.startsWith('_') && !name.startsWith('-') && !APP_PAGE_FILES.includes(name))
    .sort()
    .map((file) => ({ file, path: routePathOf(file) }));
}

/** The public site's route tree for TanStack's generator: the site root over the public pages, from the same files. */
export function siteRouteConfig(routesDirectory: string): VirtualRootRoute {
  return rootRoute(
    SITE_ROOT_FILE,
    publicRouteFiles(routesDirectory).map(({ file, path }) => (path === '/' ? index(file) : route(path, file))),
  );
}
