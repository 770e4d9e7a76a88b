import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routePatternToRegExp } from './client';

/**
 * The public site's pages, from the route files: the one list the build (routes.json `site`, the
 * prerendered pages, the site entry's route tree) and the server (the Website report's page views)
 * read. scripts/lib/site-routes.ts re-exports it for the build.
 */

/**
 * Route files in client/routes that are application pages although they sit outside the `_app`
 * layout: they use the session, tRPC or zod and are served by the application entry (index.html).
 * Every other top-level route file is a public page, part of the light public-site entry (site.html).
 */
export const APP_PAGE_FILES: readonly string[] = ['login.tsx', 'signup.tsx', 'invite.$token.tsx'];

export const ROUTES_DIRECTORY = fileURLToPath(new URL('../../client/routes', import.meta.url));

export type PublicRouteFile = { file: string; path: string };

/** "index.tsx" → "/", "vs-hubspot.tsx" → "/vs-hubspot", "a.b.tsx" → "/a/b" (TanStack's flat-file naming). */
export function routePathOf(file: string): string {
  const name = file.replace(/\.tsx$/, '');
  return name === 'index' ? '/' : `/${name.split('.').join('/')}`;
}

/** The public pages: top-level route files that are neither layouts, ignored (`-`), the root, nor application pages. */
export function publicRouteFiles(routesDirectory: string = ROUTES_DIRECTORY): PublicRouteFile[] {
  return readdirSync(routesDirectory, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
    .map((entry) => entry.name)
    .filter((name) => !name.startsWith('_') && !name.startsWith('-') && !APP_PAGE_FILES.includes(name))
    .sort()
    .map((file) => ({ file, path: routePathOf(file) }));
}

let publicPages: RegExp[] | undefined;

/**
 * Whether a path is a page of the public site (the Website report counts only these; an app route
 * such as /pipeline or /contacts is not). The client applies the same patterns, given by the build
 * (`publicPagePatterns` in vite.config.ts).
 */
export function isPublicPagePath(path: string): boolean {
  publicPages ??= publicRouteFiles().map((r) => routePatternToRegExp(r.path));
  return publicPages.some((r) => r.test(path));
}

/** The public pages as regular-expression sources, for the client build. */
export function publicPagePatterns(routesDirectory: string = ROUTES_DIRECTORY): string[] {
  return publicRouteFiles(routesDirectory).map((r) => routePatternToRegExp(r.path).source);
}
