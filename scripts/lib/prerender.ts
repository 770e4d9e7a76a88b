import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { PRERENDERED_PAGES, type PrerenderedPages } from '../../server/http/client';
import type { PrerenderedPage, renderPage } from '../../client/site/prerender';
import { readManifest, routeChunkKeys, staticChunks, type Manifest } from './landing-chunks';
import { publicRouteFiles } from './site-routes';

type PrerenderModule = { renderPage: typeof renderPage; MOBILE_AGENT: RegExp };

/**
 * Prerenders the public pages after the client build (docs/decisions/012-prerendered-public-site.md):
 * bundles client/site/prerender.tsx for Node, renders every public route file's page, desktop and
 * mobile, and writes the HTML into the build (pages/, pages.json), from site.html with the page's
 * markup, language, title, description and the preload of its route's chunks. The server serves it
 * (server/http/client.ts); the browser hydrates it.
 */
export function prerenderSite({ root, routes }: { root: string; routes: string }): Plugin {
  return {
    name: 'switchboard-prerender-site',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    async writeBundle(options) {
      const outDir = options.dir!;
      const serverDir = path.join(root, 'dist/.prerender');
      try {
        await build({
          configFile: false,
          root: path.join(root, 'client'),
          logLevel: 'warn',
          plugins: [react()],
          // One self-contained module, built in the same mode as the client it renders for.
          ssr: { noExternal: true },
          publicDir: false,
          build: {
            ssr: 'site/prerender.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs', chunkFileNames: '[name]-[hash].mjs' } },
          },
        });
        const renderer = (await import(pathToFileURL(path.join(serverDir, 'prerender.mjs')).href)) as PrerenderModule;
        writePages(outDir, renderer, await renderAll(routes, renderer, (message) => this.warn(message)));
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

type Rendered = { path: string; file: string; desktop: PrerenderedPage; mobile: PrerenderedPage | undefined };

/**
 * Every public page that can be prerendered; a mobile rendering only where it differs from the
 * desktop one. A page that cannot be rendered outside a browser (it reads `window` while rendering)
 * is left to the browser, with a warning.
 */
async function renderAll(routes: string, renderer: PrerenderModule, warn: (message: string) => void): Promise<Rendered[]> {
  const rendered: Rendered[] = [];
  for (const { file, path: route } of publicRouteFiles(routes)) {
    if (route.includes('$')) continue; // a parameterised path has no one page to render
    try {
      const desktop = await renderer.renderPage(route, 'desktop');
      if (!desktop) continue;
      const mobile = await renderer.renderPage(route, 'mobile');
      rendered.push({ path: route, file, desktop, mobile: mobile && mobile.body !== desktop.body ? mobile : undefined });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      warn(`${route} is not prerendered, the browser renders it: ${cause}`);
    }
  }
  return rendered;
}

function writePages(outDir: string, renderer: PrerenderModule, rendered: Rendered[]): void {
  const template = readFileSync(path.join(outDir, 'site.html'), 'utf8');
  const manifest = readManifest(outDir);
  mkdirSync(path.join(outDir, 'pages'), { recursive: true });
  const pages: PrerenderedPages['pages'] = {};
  for (const { path: route, file, desktop, mobile } of rendered) {
    const name = route === '/' ? 'index' : route.slice(1).replaceAll('/', '.');
    const preloads = routeChunks(manifest, file);
    const write = (page: PrerenderedPage, device: string, fileName: string) => {
      writeFileSync(path.join(outDir, 'pages', fileName), pageHtml(template, page, device, preloads));
      return `pages/${fileName}`;
    };
    pages[route] = { html: write(desktop, 'desktop', `${name}.html`), ...(mobile ? { mobileHtml: write(mobile, 'mobile', `${name}.mobile.html`) } : {}) };
  }
  const { source, flags } = renderer.MOBILE_AGENT;
  const written: PrerenderedPages = { mobileAgent: { source, flags }, pages };
  writeFileSync(path.join(outDir, PRERENDERED_PAGES), JSON.stringify(written));
}

/** The chunks a route's component needs beyond the site entry's own (those site.html already preloads). */
function routeChunks(manifest: Manifest, routeFile: string): string[] {
  const entry = staticChunks(manifest, ['site.html']);
  return [...staticChunks(manifest, routeChunkKeys(manifest, routeFile))].filter((file) => !entry.has(file));
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** site.html with a page's markup in its root element and the page's language, title, description and chunk preloads. */
function pageHtml(template: string, page: PrerenderedPage, device: string, preloads: string[]): string {
  const replace = (html: string, pattern: RegExp, value: string | ((found: string) => string)) => {
    if (!pattern.test(html)) throw new Error(`Prerender: site.html has no ${pattern}`);
    return html.replace(pattern, typeof value === 'string' ? () => value : value);
  };
  let html = template;
  html = replace(html, /<html lang="[^"]*">/, `<html lang="${page.language}" dir="${page.dir}">`);
  html = replace(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  if (page.description) html = replace(html, /<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(page.description)}" />`);
  // The page is readable before its code runs: the stylesheet is the one request the first paint
  // waits for, so it goes first and the scripts follow at low priority (six connections per host).
  const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\n?\s*/g) ?? [];
  for (const link of stylesheets) html = html.replace(link, '');
  html = replace(html, /<script type="module"[^>]*><\/script>/, (entry) => [...stylesheets.map((l) => l.trim()), entry].join('\n    '));
  const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  html = replace(html, /<\/head>/, `  ${links}\n  </head>`);
  html = html.replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`);
  return replace(html, /<div id="root"><\/div>/, `<div id="root" data-prerendered="${device}">${page.body}</div>`);
}
