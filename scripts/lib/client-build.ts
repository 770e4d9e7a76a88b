import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_MARKER = path.join(ROOT, 'dist/client/routes.json');
const SOURCES = ['client', 'vite.config.ts', 'scripts/lib/site-routes.ts', 'package-lock.json', 'server/trpc/router.ts'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/** The server modules the client imports at runtime: every domain's schema.ts. */
function sharedSchemas(): string[] {
  const server = path.join(ROOT, 'server');
  return readdirSync(server)
    .map((domain) => path.join('server', domain, 'schema.ts'))
    .filter((file) => existsSync(path.join(ROOT, file)));
}

/** True when dist/client is missing or older than any client source. */
export function isClientBuildStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return [...SOURCES, ...sharedSchemas()].some((s) => newestMtime(path.join(ROOT, s)) > built);
}

/** Builds the client with Vite when stale; returns whether it built. */
export async function ensureClientBuild(log: (line: string) => void = console.log): Promise<boolean> {
  if (!isClientBuildStale()) return false;
  log('Building the client…');
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
