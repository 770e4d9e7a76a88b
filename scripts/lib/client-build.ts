import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Written last, by the prerender step (scripts/lib/prerender.ts): a build that failed half-way is stale. */
const BUILD_MARKER = path.join(ROOT, 'dist/client/pages.json');
const SOURCES = [
  'client',
  'vite.config.ts',
  'scripts/lib/site-routes.ts',
  'server/http/public-routes.ts',
  'scripts/lib/prerender.ts',
  'scripts/lib/chunk-groups.ts',
  'scripts/lib/landing-chunks.ts',
  'scripts/lib/puck-canvas-scroll.ts',
  'package-lock.json',
  'server/assembly.ts',
];

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

/**
 * Builds the client with Vite when stale; returns whether it built. Always the production build,
 * also when called from the test runner (NODE_ENV=test would make Vite build React's development code).
 */
export async function ensureClientBuild(log: (line: string) => void = console.log): Promise<boolean> {
  if (!isClientBuildStale()) return false;
  log('Building the client…');
  const { build } = await import('vite');
  // The bundle takes React's and its libraries' production code from NODE_ENV: under vitest it is
  // 'test', and a build made there shipped their development code to the e2e suite.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
}
