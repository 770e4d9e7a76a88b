import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { testDatabaseKind } from '../helpers/db';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// The real `npm start` on a fresh embedded data directory (what a self-hoster runs); once, on PGlite.
describe.skipIf(testDatabaseKind !== 'pglite')('npm start', () => {
  it('runs the server as npm’s own child, and SIGTERM to npm drains it and leaves no process nor running job', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-npm-start-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    delete env.NODE_ENV;
    delete env.DATABASE_URL;
    const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => undefined))?.status, { timeout: 200_000, interval: 250 }).toBe(200);
      expect(output).toContain('Demo workspace');

      // No shell nor wrapper between npm and the server: npm's one child is the node running scripts/start.ts.
      const children = execFileSync('ps', ['--ppid', String(npm.pid), '-o', 'pid=,args='])
        .toString()
        .trim()
        .split('\n');
      expect(children).toHaveLength(1);
      const [serverPid, ...args] = children[0]!.trim().split(/\s+/);
      expect(args.join(' ')).toContain('scripts/start.ts');

      npm.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('stopped');
      expect(alive(Number(serverPid))).toBe(false);

      // The database was closed cleanly (it opens again) and no job was left running.
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      const { rows } = await sql<{ active: number }>`select count(*)::int as active from pgboss.job where state = 'active'`.execute(database.db);
      await database.close();
      expect(rows[0]!.active).toBe(0);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
