import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkGroups } from './scripts/lib/chunk-groups';
import { prerenderSite } from './scripts/lib/prerender';
import { puckCanvasScroll } from './scripts/lib/puck-canvas-scroll';
import { publicPagePatterns } from './server/http/public-routes';
import { publicRouteFiles, siteRouteConfig } from './scripts/lib/site-routes';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const ROUTES = here('./client/routes');
const ROUTE_TREE = here('./client/routeTree.gen.ts');
/** The public site's own tree over the public route files only (docs/decisions/009-public-site-entry.md). */
const SITE_ROUTE_TREE = here('./client/site/routeTree.gen.js');

/**
 * Emits routes.json: the client's route paths, read from the generated route tree (`app`), and the
 * public pages the site entry serves (`site`), so the server picks the entry for a path and answers
 * unknown paths with status 404 (server/http/client.ts).
 */
function routeManifest(): Plugin {
  return {
    name: 'switchboard-route-manifest',
    apply: 'build',
    generateBundle() {
      const source = readFileSync(ROUTE_TREE, 'utf8');
      const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
      const paths = [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!);
      if (paths.length === 0) this.error('routes.json: no routes found in client/routeTree.gen.ts');
      const site = publicRouteFiles(ROUTES).map((r) => r.path);
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify({ app: paths.sort(), site }) });
    },
  };
}

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: here('./client'),
  // The public pages (the same route files the site entry is built from): the only paths whose views the client sends (client/lib/analytics.ts).
  define: { __SWITCHBOARD_PUBLIC_PAGES__: JSON.stringify(publicPagePatterns(ROUTES)) },
  publicDir: here('./client/public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: ROUTES,
      generatedRouteTree: ROUTE_TREE,
      quoteStyle: 'single',
    }),
    // Generator only: the route files are already split by the plugin above. Untyped, so its routes do
    // not declare the app tree's route types a second time.
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: ROUTES,
      generatedRouteTree: SITE_ROUTE_TREE,
      virtualRouteConfig: siteRouteConfig(),
      disableTypes: true,
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    routeManifest(),
    puckCanvasScroll(),
    prerenderSite({ root: here('.'), routes: ROUTES }),
  ],
  // Radix's scroll lock writes its styles through react-style-singleton's <style> element, which the
  // Content-Security-Policy refuses; this one uses a constructed stylesheet (client/lib/style-singleton.ts).
  resolve: { alias: { 'react-style-singleton': here('./client/lib/style-singleton.ts') } },
  // The dev server pre-bundles Puck: the same patch there (scripts/lib/puck-canvas-scroll.ts).
  optimizeDeps: { rolldownOptions: { plugins: [puckCanvasScroll()] } },
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks each entry and route loads (the bundle test and the Lighthouse bench read it).
    manifest: true,
    // Every browser the client supports preloads modules itself.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The application (every route) and the light public site (public pages only).
      input: { index: here('./client/index.html'), site: here('./client/site.html') },
      output: {
        codeSplitting: {
          groups: chunkGroups({
            siteEntry: here('./client/site.tsx'),
            siteOwn: here('./client/site/'),
            siteChrome: here('./client/components/public-layout.tsx'),
            landingOwn: here('./client/routes/(site)/-landing/'),
          }),
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/trpc': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
