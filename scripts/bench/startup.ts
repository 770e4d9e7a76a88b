/**
 * Startup bench (issue #22 item 2): `npm start` as a child process on embedded PGlite, timed from the
 * spawn to the first 200 of `/api/health` (and of `/api/health/ready`, and to the demo workspace's
 * sign-in printed), in three cases:
 *
 *   (a) a fresh clone: no `dist/` (the client build included) and no data directory — target < 20 s;
 *   (b) a built client and a fresh data directory (PGlite creates the cluster, the demo is seeded) — target < 5 s;
 *   (c) a later start on an existing data directory — target < 2 s.
 *
 * It works on a copy of the project (node_modules linked, no dist/, .data or .env) in a temporary
 * folder, with temporary data directories, so the user's own build and data are never touched.
 * Each case runs BENCH_STARTUP_RUNS times (default 3); prints the medians and the load average;
 * asserts nothing. Run alone: `npm run bench startup`, or tiny: `BENCH_STARTUP_RUNS=1 npm run bench startup`.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/free-port';
import { envNumber, loadLine, machineLine, percentile, progress } from './lib/common';
import { hasExited, spawnTracked, stopChild, tail } from './lib/children';
import { num, printTable } from './lib/table';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Never copied: installed or made by a run (node_modules is linked instead), or the user's own settings. */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', '.data', '.env', 'coverage', 'tmp', 'test-results']);
const POLL_MS = 20;
const TIMEOUT_MS = 300_000;

type Timings = { health: number; ready: number; seeded: number | undefined };

/** The project as a fresh clone has it, after `npm install`. */
function copyOfTheProject(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'sb-bench-startup-'));
  cpSync(ROOT, copy, { recursive: true, filter: (source) => path.dirname(source) !== ROOT.replace(/\/$/, '') || !NOT_COPIED.has(path.basename(source)) });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return copy;
}

async function status(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** `npm start` in `project` on `dataDir`: the times to health, readiness and the demo banner; stopped after (SIGTERM to npm). */
async function timeStart(project: string, dataDir: string): Promise<Timings> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', PUBLIC_URL: '' };
  delete env.NODE_ENV;
  const started = performance.now();
  const child = spawnTracked('npm', ['start'], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let seeded: number | undefined;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (seeded === undefined && chunk.toString().includes('Demo workspace ready')) seeded = performance.now() - started;
  });
  const output = tail(child.stdout);
  const errors = tail(child.stderr);
  let health: number | undefined;
  try {
    for (;;) {
      if (hasExited(child)) throw new Error(`npm start exited with ${child.exitCode ?? child.signalCode}:\n${errors() || output()}`);
      const elapsed = performance.now() - started;
      if (elapsed > TIMEOUT_MS) throw new Error(`npm start not ready within ${TIMEOUT_MS} ms:\n${errors() || output()}`);
      const base = `http://127.0.0.1:${port}`;
      if (health === undefined && (await status(`${base}/api/health`)) === 200) health = performance.now() - started;
      if (health !== undefined && (await status(`${base}/api/health/ready`)) === 200) return { health, ready: performance.now() - started, seeded };
      await sleep(POLL_MS);
    }
  } finally {
    await stopChild(child, 15_000);
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const seconds = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? '—' : `${num(ms / 1000, 2)} s`);

export async function run(): Promise<void> {
  const runs = envNumber('BENCH_STARTUP_RUNS', 3, { whole: true });
  console.log(`\nStartup: \`npm start\` on embedded PGlite, ${runs} run(s) per case, median\n${machineLine()}\n${loadLine('at start')}`);
  const project = copyOfTheProject();
  const dataDirs: string[] = [];
  const freshDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-bench-startup-data-'));
    dataDirs.push(dir);
    return dir;
  };
  const results: { label: string; target: string; timings: Timings[] }[] = [
    { label: '(a) fresh clone: no dist/, no data', target: '< 20 s to health', timings: [] },
    { label: '(b) built client, fresh data directory', target: '< 5 s to health', timings: [] },
    { label: '(c) existing data directory', target: '< 2 s to health', timings: [] },
  ];
  try {
    for (let i = 0; i < runs; i++) {
      progress(`(a) run ${i + 1}: building the client and starting on a fresh data directory`);
      rmSync(path.join(project, 'dist'), { recursive: true, force: true });
      results[0]!.timings.push(await timeStart(project, freshDataDir()));
    }
    if (!existsSync(path.join(project, 'dist/client/pages.json'))) throw new Error('npm start left no client build in the copy');
    let existing = '';
    for (let i = 0; i < runs; i++) {
      progress(`(b) run ${i + 1}: a fresh data directory`);
      existing = freshDataDir();
      results[1]!.timings.push(await timeStart(project, existing));
    }
    for (let i = 0; i < runs; i++) {
      progress(`(c) run ${i + 1}: the existing data directory`);
      results[2]!.timings.push(await timeStart(project, existing));
    }
  } finally {
    rmSync(project, { recursive: true, force: true });
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    'Spawn of `npm start` to …',
    ['case', 'first 200 of /api/health', '/api/health/ready 200', 'demo sign-in printed', 'target', 'runs (health)'],
    results.map(({ label, target, timings }) => [
      label,
      seconds(median(timings.map((t) => t.health))),
      seconds(median(timings.map((t) => t.ready))),
      timings.some((t) => t.seeded !== undefined) ? seconds(median(timings.flatMap((t) => (t.seeded === undefined ? [] : [t.seeded])))) : '—',
      target,
      timings.map((t) => num(t.health / 1000, 2)).join(', '),
    ]),
  );
  console.log(loadLine('at the end'));
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await run();
