import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The chunks a first visit to a public page loads: the site entry's static imports and the page's own component chunks. */
export function pageChunks(buildDir: string, routeFile: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('site.html');
  for (const key of Object.keys(manifest)) if (key.startsWith(`routes/${routeFile}?tsr-split=`)) visit(key);
  return [...files].sort();
}

/** The sources bundled into some chunks, from their source maps (node_modules packages by name, our files by path). */
export function chunkSources(buildDir: string, files: string[]): string[] {
  const sources = new Set<string>();
  for (const file of files) {
    const map = JSON.parse(readFileSync(path.join(buildDir, `${file}.map`), 'utf8')) as { sources: string[] };
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
