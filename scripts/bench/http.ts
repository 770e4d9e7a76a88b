/**
 * HTTP bench: bare Hono routes against their tRPC twins, plus /api/health, with autocannon on
 * loopback against a child-process server built from the real app (createApp + our tRPC
 * router/publicProcedure), on embedded PGlite in memory and, when BENCH_DATABASE_URL (or
 * DATABASE_URL) is set, on Postgres. Then the cold start of the production server.
 * Prints figures only; never asserts timing.
 *
 * Env: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_DATABASE_URL / DATABASE_URL, BENCH_LOG_LEVEL (server log level, default warn).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { TRIVIAL, type ProcessStats } from './lib/bench-app';
import { spawnTracked, startListeningChild, tail } from './lib/children';
import { runLoad, type LoadResult } from './lib/load';
import { measureStartup } from './lib/startup';
import { num, printTable } from './lib/table';
import { envNumber, loadLine, machineLine, progress, redactUrl } from './lib/common';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('./lib/http-server.ts', import.meta.url));
const ABORT_ENTRY = fileURLToPath(new URL('./lib/abort-any.ts', import.meta.url));

/** The 50-row query keeps at least half the bare route's throughput through tRPC. */
const TARGET_ROWS_RATIO = 0.5;
const TARGET_STARTUP_MS = 3000;

type Case = { key: string; label: string; path: string };

const CASES: Case[] = [
  { key: 'rowsBare', label: '(a) bare Hono, 50-row query', path: '/bench/rows' },
  { key: 'rowsTrpc', label: '(b) tRPC query, 50-row query', path: '/trpc/bench.rows' },
  { key: 'trivialBare', label: '(c) bare Hono, constant object', path: '/bench/trivial' },
  { key: 'trivialTrpc', label: '(c) tRPC query, constant object', path: '/trpc/bench.trivial' },
  { key: 'health', label: '(d) GET /api/health', path: '/api/health' },
];

const DIAGNOSTIC_CASES: Case[] = [
  { key: 'trivialSignal', label: 'bare + read Request.signal', path: '/bench/trivial-signal' },
  { key: 'trivialSignalAny', label: 'bare + Request.signal + AbortSignal.any', path: '/bench/trivial-signal-any' },
];

type Measured = LoadResult & { cpuMicrosPerRequest: number; rssAfterBytes: number };

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}

/** Correctness, not timing: every benched route answers 200 with what it should. */
async function verify(base: string, cases: Case[]): Promise<void> {
  const problems: string[] = [];
  for (const c of cases) {
    const { status, body } = await getJson(base + c.path);
    if (status !== 200) {
      problems.push(`${c.path}: HTTP ${status} ${JSON.stringify(body).slice(0, 200)}`);
      continue;
    }
    const data = c.path.startsWith('/trpc/') ? (body as { result?: { data?: unknown } }).result?.data : body;
    const ok = c.path.endsWith('rows')
      ? Array.isArray(data) && data.length === 50 && isDeepStrictEqual(Object.keys(data[0] as object), ['id', 'name', 'created_at'])
      : c.path === '/api/health'
        ? (data as { ok?: unknown }).ok === true
        : isDeepStrictEqual(data, TRIVIAL);
    if (!ok) problems.push(`${c.path}: unexpected body ${JSON.stringify(body).slice(0, 200)}`);
  }
  if (problems.length) throw new Error(`bench routes answer wrongly:\n  ${problems.join('\n  ')}`);
}

async function stats(base: string): Promise<ProcessStats> {
  return (await getJson(`${base}/bench/_stats`)).body as ProcessStats;
}

async function measure(base: string, c: Case, duration: number, warmup: number, connections: number): Promise<Measured> {
  progress(`${c.label}: ${warmup} s warm-up + ${duration} s`);
  await runLoad(base + c.path, { duration: warmup, connections });
  const before = await stats(base);
  const result = await runLoad(base + c.path, { duration, connections });
  const after = await stats(base);
  return {
    ...result,
    cpuMicrosPerRequest: (after.cpuMicros - before.cpuMicros) / Math.max(1, result.requests),
    rssAfterBytes: after.rssBytes,
  };
}

function resultRows(cases: Case[], results: Map<string, Measured>): string[][] {
  return cases.map((c) => {
    const r = results.get(c.key)!;
    const failures = r.non2xx + r.errors + r.timeouts;
    return [
      c.label,
      c.path,
      num(r.rps),
      num(r.p50, 2),
      num(r.p99, 2),
      num(1e6 / r.rps, 1),
      num(r.cpuMicrosPerRequest, 1),
      num(r.rssAfterBytes / 1024 / 1024),
      failures ? `${r.non2xx}/${r.errors}/${r.timeouts}` : '0',
    ];
  });
}

const RESULT_HEADER = ['case', 'route', 'req/s', 'p50 ms', 'p99 ms', 'µs/req (1e6/rps)', 'server CPU µs/req', 'RSS MB', 'non2xx/err/timeout'];

function printRatios(title: string, r: Map<string, Measured>): void {
  const rowsBare = r.get('rowsBare')!;
  const rowsTrpc = r.get('rowsTrpc')!;
  const bare = r.get('trivialBare')!;
  const trpc = r.get('trivialTrpc')!;
  const rowsRatio = rowsTrpc.rps / rowsBare.rps;
  printTable(
    title,
    ['figure', 'value', 'target'],
    [
      ['tRPC ÷ bare req/s, 50-row query (b)/(a)', num(rowsRatio, 2), `≥ ${TARGET_ROWS_RATIO} (${rowsRatio >= TARGET_ROWS_RATIO ? 'met' : 'MISSED'})`],
      ['tRPC ÷ bare req/s, constant object (c)', num(trpc.rps / bare.rps, 2), '–'],
      ['tRPC cost per call, constant object: 1e6/rps_trpc − 1e6/rps_bare', `${num(1e6 / trpc.rps - 1e6 / bare.rps, 1)} µs`, '–'],
      ['  same, by server CPU per request', `${num(trpc.cpuMicrosPerRequest - bare.cpuMicrosPerRequest, 1)} µs`, '–'],
      ['tRPC cost per call, 50-row query: 1e6/rps_trpc − 1e6/rps_bare', `${num(1e6 / rowsTrpc.rps - 1e6 / rowsBare.rps, 1)} µs`, '–'],
      ['  same, by server CPU per request', `${num(rowsTrpc.cpuMicrosPerRequest - rowsBare.cpuMicrosPerRequest, 1)} µs`, '–'],
      ['p99 tRPC − bare, 50-row query', `${num(rowsTrpc.p99 - rowsBare.p99, 2)} ms`, '–'],
    ],
  );
}

/** Splits the trivial pair's gap into the pieces the diagnostic routes isolate. */
function printBreakdown(r: Map<string, Measured>): void {
  const steps = [
    ['bare Hono, constant object', r.get('trivialBare')!],
    ['+ read Request.signal (node-server builds a full Request)', r.get('trivialSignal')!],
    ['+ AbortSignal.any([req.signal, own])', r.get('trivialSignalAny')!],
    ['tRPC query (everything else tRPC does)', r.get('trivialTrpc')!],
  ] as const;
  const rows = steps.map(([label, m], i) => {
    const prev = i > 0 ? steps[i - 1]![1] : undefined;
    return [
      label,
      num(m.rps),
      num(1e6 / m.rps, 1),
      prev ? num(1e6 / m.rps - 1e6 / prev.rps, 1) : '–',
      num(m.cpuMicrosPerRequest, 1),
      prev ? num(m.cpuMicrosPerRequest - prev.cpuMicrosPerRequest, 1) : '–',
    ];
  });
  printTable('Where the trivial tRPC call spends its extra time (PGlite server; each step adds to the one above)', ['step', 'req/s', 'µs/req', 'Δ µs/req', 'server CPU µs/req', 'Δ CPU µs'], rows);
}

type AbortAnyFigures = {
  node: string;
  turns: number;
  wallMicrosPerCall: number;
  cpuMicrosPerCall: number;
  baselineWallMicrosPerTurn: number;
  retainedBytesPer100k: number;
  gcExposed: boolean;
};

async function runAbortAnyMicrobench(): Promise<AbortAnyFigures> {
  progress('AbortSignal.any micro-benchmark');
  const child = spawnTracked(process.execPath, ['--expose-gc', '--import', 'tsx', ABORT_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = tail(child.stdout, 100_000);
  const errors = tail(child.stderr);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`AbortSignal.any micro-benchmark failed (${code}):\n${errors()}`);
  return JSON.parse(out()) as AbortAnyFigures;
}

async function runStartup(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-'));
  try {
    progress('startup: fresh data dir');
    const fresh = await measureStartup(ROOT, dir);
    progress('startup: existing data dir');
    const again = await measureStartup(ROOT, dir);
    const verdict = (ms: number) => `< ${TARGET_STARTUP_MS} (${ms < TARGET_STARTUP_MS ? 'met' : 'MISSED'})`;
    const client = existsSync(path.join(ROOT, 'dist/client')) ? 'client build present' : 'no client build in dist/client: API only';
    printTable(
      `Cold start to first 200 on /api/health: node --import tsx server/index.ts, NODE_ENV=production, embedded PGlite (${client})`,
      ['run', 'ms', 'target ms'],
      [
        ['fresh data dir (creates the database, migrates, seeds the demo workspace)', num(fresh), verdict(fresh)],
        ['same data dir again (database exists)', num(again), verdict(again)],
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const duration = envNumber('BENCH_DURATION', 10);
  const connections = Math.round(envNumber('BENCH_CONNECTIONS', 10));
  const warmup = Math.min(2, Math.max(0.5, duration / 5));
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;

  console.log('HTTP bench');
  console.log(
    `${machineLine()}\n` +
      `autocannon on loopback: ${connections} connections, no pipelining, ${warmup} s warm-up then ${duration} s per run; ` +
      `server in a child process (NODE_ENV=production, LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'warn'}), load generator in this one\n` +
      `µs/req (1e6/rps) is wall time per request at this concurrency; server CPU µs/req is the server process's CPU time over requests served\n` +
      loadLine('at start'),
  );

  const databases: { label: string; env: Record<string, string> }[] = [
    { label: 'embedded PGlite, in memory', env: { BENCH_DB: 'pglite' } },
    ...(postgresUrl ? [{ label: `Postgres at ${redactUrl(postgresUrl)}`, env: { BENCH_DB: 'postgres', BENCH_DB_URL: postgresUrl } }] : []),
  ];

  for (const [index, database] of databases.entries()) {
    progress(`starting bench server on ${database.label}`);
    const server = await startListeningChild(SERVER_ENTRY, ROOT, database.env);
    try {
      const cases = index === 0 ? [...CASES, ...DIAGNOSTIC_CASES] : CASES;
      await verify(server.url, cases);
      const results = new Map<string, Measured>();
      for (const c of cases) results.set(c.key, await measure(server.url, c, duration, warmup, connections));
      printTable(`Database: ${database.label}`, RESULT_HEADER, resultRows(CASES, results), 2);
      printRatios(`tRPC vs bare, ${database.label}`, results);
      if (index === 0) printBreakdown(results);
      console.log(loadLine('after these runs'));
    } finally {
      await server.stop();
    }
  }
  if (!postgresUrl) console.log('\n(Postgres not benched: set BENCH_DATABASE_URL=postgres://… to add its table.)');

  const any = await runAbortAnyMicrobench();
  printTable(
    `AbortSignal.any on Node ${any.node} (tRPC's fetch handler calls it once per procedure call), one call per event-loop turn, ${num(any.turns)} turns × 3, median`,
    ['figure', 'value'],
    [
      ['wall time per call (incl. the GC it causes)', `${num(any.wallMicrosPerCall, 1)} µs`],
      ['CPU time per call', `${num(any.cpuMicrosPerCall, 1)} µs`],
      [
        'heap still held after 100k calls and a full GC',
        !any.gcExposed ? 'n/a (no --expose-gc)' : any.retainedBytesPer100k <= 64 * 1024 ? `none (Δ ${num(any.retainedBytesPer100k / 1024)} KiB)` : `${num(any.retainedBytesPer100k / 1024)} KiB`,
      ],
    ],
  );

  await runStartup();
  console.log(loadLine('at the end'));
}
