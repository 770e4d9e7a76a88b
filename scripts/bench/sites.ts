/**
 * Sites bench (issue #20): published pages served from memory (server/sites/fast-path.ts), by path (/s/<handle>/…) and by a custom domain's Host header, with 200 concurrent
 * connections as fast as answered (throughput) and as 200 visitors at a given rate (latency), median of 3 runs, with the
 * server's CPU time per request (the figure a busy machine skews least); then the JavaScript each page ships and Lighthouse (mobile) on them.
 * The server is the real app in a child process (lib/sites-server.ts) over the demo workspace's
 * published site; autocannon runs in this one. On embedded PGlite and, with BENCH_DATABASE_URL (or
 * DATABASE_URL), on a fresh Postgres database sb_bench_sites. Prints figures; never asserts timing.
 *
 * Env: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 200), BENCH_SITES_RATE
 * (the visitors' requests per second in all for the latency table, default 400: a page every 0.5 s each),
 * BENCH_SITES_LIGHTHOUSE=0 to skip Lighthouse. Slots: `npm run bench slots`.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startListeningChild } from './lib/children';
import { benchDatabaseName, benchDatabaseUrl, envNumber, loadLine, machineLine, progress, redactUrl } from './lib/common';
import { runLoad, type LoadResult } from './lib/load';
import { median } from './lib/runs';
import { num, printTable } from './lib/table';
import { audit } from './lighthouse';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('./lib/sites-server.ts', import.meta.url));
const RUNS = 3;
const TARGET_P99_MS = 50;

type Case = { label: string; path: string; host?: string; /** Each request another visitor (its own User-Agent): no visitor comes back. */ newVisitors?: boolean };

function casesOf(handle: string, domain: string, page: string): Case[] {
  return [
    { label: 'page in no funnel (no form), by path', path: `/s/${handle}${page}` },
    { label: 'funnel step (lead form, visit counted), by path', path: `/s/${handle}/` },
    { label: 'funnel step, a new visitor each request', path: `/s/${handle}/`, newVisitors: true },
    { label: 'page in no funnel, by Host (custom domain)', path: page, host: domain },
  ];
}

/** A GET through node:http, which sends the Host header given (fetch would not). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; etag: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** Correctness first: each case answers 200 with the page and an ETag, and 304 when revalidated. */
async function verify(base: string, c: Case): Promise<void> {
  const headers: Record<string, string> = c.host ? { host: c.host } : {};
  const first = await get(base + c.path, headers);
  if (first.status !== 200 || !first.etag || !first.body.startsWith('<!doctype html>')) throw new Error(`${c.path}: HTTP ${first.status}, etag ${first.etag}`);
  const again = await get(base + c.path, { ...headers, 'if-none-match': first.etag });
  if (again.status !== 304) throw new Error(`${c.path}: revalidation answered ${again.status}, not 304`);
}

/**
 * The server process's CPU time so far (user + system, ms) from /proc (Linux; undefined elsewhere):
 * per request, the figure that other work on a shared machine skews least (latency it skews most).
 */
function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (USER_HZ, 100 on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

type Run = LoadResult & { cpuMicrosPerRequest: number | undefined };

/** A visitor's browser asks for a compressed page. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

let visitorNumber = 0;
/** Another visitor's browser: the same page asked for with a User-Agent never sent before (the A/B choice and the visit's hash are theirs). */
const newVisitor = (request: { headers?: Record<string, string> }) => ({ ...request, headers: { ...request.headers, 'user-agent': `Mozilla/5.0 (bench visitor ${++visitorNumber})` } });

async function measure(base: string, c: Case, duration: number, connections: number, pid: number, overallRate?: number): Promise<Run[]> {
  const headers = { ...BROWSER_HEADERS, ...(c.host ? { host: c.host } : {}) };
  const setupRequest = c.newVisitors ? newVisitor : undefined;
  progress(`${c.label}${overallRate ? ` at ${overallRate} req/s` : ''}: 2 s warm-up + ${RUNS} × ${duration} s`);
  await runLoad(base + c.path, { duration: 2, connections, headers, overallRate, setupRequest });
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = cpuMsOf(pid);
    const result = await runLoad(base + c.path, { duration, connections, headers, overallRate, setupRequest });
    const after = cpuMsOf(pid);
    runs.push({ ...result, cpuMicrosPerRequest: before === undefined || after === undefined || result.requests === 0 ? undefined : ((after - before) * 1000) / result.requests });
  }
  return runs;
}

/** One table row: the medians of the runs, against the p99 target. */
function row(label: string, runs: Run[]): string[] {
  const p99 = median(runs.map((r) => r.p99));
  const failed = runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  const cpu = runs.every((r) => r.cpuMicrosPerRequest !== undefined) ? num(median(runs.map((r) => r.cpuMicrosPerRequest!))) : 'n/a';
  return [label, num(median(runs.map((r) => r.rps))), num(median(runs.map((r) => r.p50)), 1), num(p99, 1), `< ${TARGET_P99_MS} (${p99 < TARGET_P99_MS ? 'met' : 'MISSED'})`, cpu, num(failed)];
}

/** The scripts a page loads, and their gzip size. */
async function javaScriptOf(base: string, pagePath: string): Promise<{ scripts: number; gzipBytes: number }> {
  const html = await (await fetch(base + pagePath)).text();
  const sources = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  let gzipBytes = 0;
  for (const src of sources) gzipBytes += gzipSync(Buffer.from(await (await fetch(new URL(src, base + pagePath))).arrayBuffer())).length;
  return { scripts: (html.match(/<script\b/g) ?? []).length, gzipBytes };
}

export async function run(): Promise<void> {
  const duration = envNumber('BENCH_DURATION', 10);
  const connections = Math.round(envNumber('BENCH_CONNECTIONS', 200));
  const rate = Math.round(envNumber('BENCH_SITES_RATE', 400));
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
  console.log('Sites bench: published pages');
  console.log(`${machineLine()}\nautocannon on loopback: ${connections} connections, ${RUNS} runs of ${duration} s, median; server in a child process (NODE_ENV=production)\n${loadLine('at start')}`);

  const databases: { label: string; env: Record<string, string> }[] = [{ label: 'embedded PGlite, in memory', env: { BENCH_DB: 'pglite' } }];
  if (postgresUrl) {
    const url = await benchDatabaseUrl(postgresUrl, benchDatabaseName('sites'), { fresh: true });
    databases.push({ label: `Postgres at ${redactUrl(url)}`, env: { BENCH_DB: 'postgres', BENCH_DB_URL: url } });
  }

  for (const [index, database] of databases.entries()) {
    progress(`starting the sites server on ${database.label}`);
    // Migrations and the demo workspace first: a minute or more on a busy machine.
    const server = await startListeningChild(SERVER_ENTRY, ROOT, database.env, 180_000);
    try {
      const cases = casesOf(server.said.handle!, server.said.domain!, server.said.page!);
      for (const c of cases) await verify(server.url, c);
      const header = ['page', 'req/s', 'p50 ms', 'p99 ms', 'target p99 ms', 'server CPU µs/req', 'non-2xx/errors'];
      const pid = Number(server.said.pid);
      const saturated: string[][] = [];
      const paced: string[][] = [];
      for (const c of cases) {
        saturated.push(row(c.label, await measure(server.url, c, duration, connections, pid)));
        paced.push(row(c.label, await measure(server.url, c, duration, connections, pid, rate)));
      }
      printTable(`Database: ${database.label} — ${connections} connections as fast as answered (throughput)`, header, saturated);
      printTable(`Database: ${database.label} — ${connections} visitors offering ${rate} req/s in all (latency)`, header, paced);
      console.log(loadLine('after these runs'));

      if (index === 0) {
        const pages = cases.filter((c) => !c.host && !c.newVisitors);
        const js = await Promise.all(pages.map((c) => javaScriptOf(server.url, c.path)));
        printTable(
          'JavaScript of a published page',
          ['page', 'script tags', 'JS (gzip)'],
          pages.map((c, i) => [c.label, num(js[i]!.scripts), `${num(js[i]!.gzipBytes / 1024, 1)} KB`]),
        );
        if (process.env.BENCH_SITES_LIGHTHOUSE !== '0') {
          const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
          const lighthouseRows: string[][] = [];
          for (const c of pages) {
            progress(`Lighthouse (mobile) × ${RUNS}: ${c.path}`);
            const results: Awaited<ReturnType<typeof audit>>[] = [];
            for (let i = 0; i < RUNS; i++) results.push(await audit(server.url + c.path));
            lighthouseRows.push([c.label, ...categories.map((k) => num(median(results.map((r) => r.scores[k] ?? 0)))), `${num(median(results.map((r) => r.scriptBytes)) / 1024, 1)} KB`]);
          }
          printTable(`Lighthouse (mobile emulation), median of ${RUNS}`, ['page', ...categories, 'JS transferred'], lighthouseRows);
        }
      }
    } finally {
      await server.stop();
    }
  }
  if (!postgresUrl) console.log('\n(Postgres not benched: set BENCH_DATABASE_URL=postgres://… to add its table.)');
  console.log(loadLine('at the end'));
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await run();
