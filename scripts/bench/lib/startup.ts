import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../lib/free-port';
import { hasExited, spawnTracked, stopChild, tail } from './children';

/**
 * Time from spawning the production server (`node --import tsx server/index.ts`, embedded PGlite
 * in dataDir) to its first 200 on /api/health, polling every pollMs. The server is stopped after.
 */
export async function measureStartup(root: string, dataDir: string, options: { pollMs?: number; timeoutMs?: number } = {}): Promise<number> {
  const pollMs = options.pollMs ?? 20;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '', // empty means unset: embedded PGlite
    PUBLIC_URL: '',
  };
  const started = performance.now();
  const child = spawnTracked(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = tail(child.stdout);
  const errors = tail(child.stderr);
  try {
    for (;;) {
      if (hasExited(child)) {
        throw new Error(`server exited with ${child.exitCode ?? child.signalCode} before answering:\n${errors() || output()}`);
      }
      if (performance.now() - started > timeoutMs) throw new Error(`no 200 on /api/health within ${timeoutMs} ms:\n${errors() || output()}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(pollMs);
    }
  } finally {
    await stopChild(child);
  }
}
