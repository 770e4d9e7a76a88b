import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const ROUTE_TREE = here('./client/routeTree.gen.ts');

/**
 * Emits routes.json: the client's route paths, read from the generated route tree, so the server can
 * answer unknown paths with status 404 (server/http/client.ts).
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
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(paths.sort()) });
    },
  };
}

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: here('./client'),
  publicDir: here('./client/public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./client/routes'),
      generatedRouteTree: ROUTE_TREE,
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    routeManifest(),
  ],
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
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
