import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/** Vite's build manifest (.vite/manifest.json): which chunks each entry and route loads. */
export function readManifest(buildDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(buildDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The manifest keys of a route file's split chunks (its component, …). */
export function routeChunkKeys(manifest: Manifest, routeFile: string): string[] {
  return Object.keys(manifest).filter((key) => key.startsWith(`routes/${routeFile}?tsr-split=`));
}

/** The files of some manifest chunks and of everything they import statically, transitively. */
export function staticChunks(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The chunks a first visit to a public page loads: the site entry's static imports, the page's own
 * component chunks, and those of the modules it loads lazily for its first view (manifest keys,
 * e.g. 'routes/(site)/-landing/mobile-landing.tsx').
 */
export function pageChunks(buildDir: string, routeFile: string, firstViewModules: string[] = []): string[] {
  const manifest = readManifest(buildDir);
  return [...staticChunks(manifest, ['site.html', ...routeChunkKeys(manifest, routeFile), ...firstViewModules])].sort();
}

/** The sources bundled into some chunks, from their source maps (node_modules packages by name, our files by path). */
export function chunkSources(buildDir: string, files: string[]): string[] {
  const sources = new Set<string>();
  for (const file of files) {
    const mapFile = path.join(buildDir, `${file}.map`);
    if (!existsSync(mapFile)) continue; // the bundler's runtime helpers: no sources of ours
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    for (const source of map.sources) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
      sources.add(pkg ? `npm:${pkg}` : source.replace(/^(\.\.\/)+/, ''));
    }
  }
  return [...sources].sort();
}

/** Total gzip size (level 9, as the server sends them) of some chunks. */
export function gzipBytes(buildDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(buildDir, file)), { level: 9 }).length, 0);
}
