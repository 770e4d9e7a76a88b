import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { CSP_REPORT_PATH } from '../../server/http/security-headers';
import { DRAIN_RETRY_MS } from '../../server/realtime/sse';
import { freePort } from '../../scripts/lib/free-port';
import { alive, heldPost, httpRequest, openEventStream, postJson, ROOT } from '../helpers/child-server';
import { testDatabaseKind } from '../helpers/db';
import { cookieFrom } from '../helpers/factories';

const REPORT = JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost/x', 'violated-directive': 'img-src', 'effective-directive': 'img-src', 'blocked-uri': 'inline' } });

/** How a stop reaches `npm start`: to npm alone (a container runtime, systemd, `kill`), or to its whole process group (Ctrl-C in a terminal: npm and the server both get it, and npm forwards it once more). */
const STOPS = [
  { signal: 'SIGTERM', to: 'npm' },
  { signal: 'SIGINT', to: 'npm' },
  { signal: 'SIGINT', to: 'the process group' },
] as const;

// The real `npm start` (what a self-hoster runs), on PGlite only. The first case starts on a fresh data
// directory (and builds the client when it is missing); the others start again on what it left.
describe.skipIf(testDatabaseKind !== 'pglite')('npm start', () => {
  let dataDir: string;
  let demo: { email: string; password: string } | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sb-npm-start-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(STOPS)(
    'runs the server as npm’s own child; $signal to $to drains it (request in flight answered, event stream ended with a retry hint) and leaves no process nor running job',
    { timeout: 240_000 },
    async ({ signal, to }) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
      delete env.NODE_ENV;
      delete env.DATABASE_URL;
      // A process group of its own, as a terminal gives a foreground command: signalling the group reaches npm and the server only.
      const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let output = '';
      npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      try {
        await expect.poll(async () => (await httpRequest(`${base}/api/health/ready`).catch(() => undefined))?.status, { timeout: 200_000, interval: 250 }).toBe(200);
        if (!demo) {
          // A fresh data directory: the demo workspace's sign-in is printed once.
          const printed = /e-mail:\s+(\S+)\s.*\n.*password:\s+(\S+)/.exec(output);
          expect(printed, output).not.toBeNull();
          demo = { email: printed![1]!, password: printed![2]! };
        }

        // No shell nor wrapper between npm and the server: npm's one child is the node running scripts/start.ts.
        const children = execFileSync('ps', ['--ppid', String(npm.pid), '-o', 'pid=,args='])
          .toString()
          .trim()
          .split('\n');
        expect(children).toHaveLength(1);
        const [serverPid, ...args] = children[0]!.trim().split(/\s+/);
        expect(args.join(' ')).toContain('scripts/start.ts');

        // A signed-in browser's event stream, and a request the server has taken whose body is still coming.
        const login = await postJson(base, '/api/auth/login', demo, { origin: `http://localhost:${port}` });
        expect(login.status, login.text).toBe(200);
        const cookie = cookieFrom([login.headers['set-cookie'] ?? []].flat()[0]);
        const stream = await openEventStream(`${base}/trpc/realtime.events?input=${encodeURIComponent('{}')}`, { cookie });
        await stream.until((text) => text.includes('event: connected'));
        const post = heldPost(`${base}${CSP_REPORT_PATH}`, REPORT, 'application/csp-report');
        await post.accepted;

        process.kill(to === 'npm' ? npm.pid! : -npm.pid!, signal);
        // The stream ends at once with the reconnect hint; the port stops accepting; the request is still answered.
        expect(await stream.ended()).toContain(`retry: ${DRAIN_RETRY_MS}\n\n`);
        await expect(httpRequest(`${base}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
        post.finish();
        expect(await post.answered).toBe(204);

        expect(await exited, output).toBe(0);
        expect(output).toContain(`"signal":"${signal}"`);
        expect(output).toContain('stopped');
        expect(alive(Number(serverPid))).toBe(false);

        // The database was closed cleanly (it opens again) and no job was left running.
        const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
        const { rows } = await sql<{ active: number }>`select count(*)::int as active from pgboss.job where state = 'active'`.execute(database.db);
        await database.close();
        expect(rows[0]!.active).toBe(0);
      } finally {
        if (npm.exitCode === null) process.kill(-npm.pid!, 'SIGKILL');
      }
    },
  );
});
