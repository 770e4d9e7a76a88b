import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routePatternToRegExp } from './client';

/**
 * The public site's pages, from the route files: the one list the build (routes.json `site`, the
 * prerendered pages, the site entry's route tree) and the server (the Website report's page views)
 * read. scripts/lib/site-routes.ts re-exports it for the build.
 */

export const ROUTES_DIRECTORY = fileURLToPath(new URL('../../client/routes', import.meta.url));

/**
 * The route group of the public pages, client/routes/(site)/: a TanStack route group, so the folder
 * is not part of their URLs (/pricing is (site)/pricing.tsx). Every other route file is an
 * application page, served by the application entry (index.html): the `_app` layout's, and the
 * account pages at the top level (login, signup, invite), which use the session, tRPC or zod.
 */
export const SITE_GROUP = '(site)';

export type PublicRouteFile = { file: string; path: string };

/** "index.tsx" → "/", "vs-hubspot.tsx" → "/vs-hubspot", "a.b.tsx" → "/a/b" (TanStack's flat-file naming; a group folder adds nothing). */
export function routePathOf(file: string): string {
  const name = file.replace(/\.tsx$/, '');
  return name === 'index' ? '/' : `/${name.split('.').join('/')}`;
}

/** The public pages: the route files of the (site) group, not its ignored (`-`) folders; `file` is relative to client/routes. */
export function publicRouteFiles(routesDirectory: string = ROUTES_DIRECTORY): PublicRouteFile[] {
  return readdirSync(path.join(routesDirectory, SITE_GROUP), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.startsWith('-'))
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ file: `${SITE_GROUP}/${name}`, path: routePathOf(name) }));
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
