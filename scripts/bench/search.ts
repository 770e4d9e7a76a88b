/**
 * Global search bench (issue #21): the palette's `search.global` under concurrency, each search run as
 * its tRPC query runs it (one read-only transaction under the row-level policies, decision 028),
 * BENCH_SEARCH_CONNECTIONS at a time (default 20) for BENCH_SEARCH_SECONDS (default 10), over a mix of
 * 2-letter, 3-letter, name, e-mail and phone queries. On Postgres (BENCH_DATABASE_URL or
 * DATABASE_URL; skipped when unset) with 1,000,000 contacts in sb_bench_search (seeded by the first run,
 * reused by the next), and on embedded PGlite with 100,000. In-process (a concurrent loop, not autocannon over HTTP): what it measures is the
 * search and the database, not the HTTP stack. Prints figures and the targets; never asserts timing.
 *
 * Env: BENCH_SEARCH_CONTACTS (default 1000000), BENCH_SEARCH_PGLITE_CONTACTS (default 100000),
 * BENCH_SEARCH_CONNECTIONS, BENCH_SEARCH_SECONDS, BENCH_DATABASE_NAME (default sb_bench_search).
 */
// The assembly installs the domains' permissions (permissionsFor) and the rules services read.
import '../../server/assembly';
import { globalSearch } from '../../server/commands/search';
import { ZGlobalSearchInput } from '../../server/commands/schema';
import { loadConfig } from '../../server/config';
import { openDatabase, readingForOrganization, type DatabaseHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { scoped } from '../../server/db/scoped';
import { buildDeps } from '../../server/deps';
import { createLogger } from '../../server/logging';
import { seedScale } from '../seed-scale';
import { benchDatabaseName, benchDatabaseUrl, envNumber, loadLine, percentile, progress } from './lib/common';
import { num, printTable } from './lib/table';
import { ownerAuth, seededOnce } from './lib/world';

const TARGET_RPS = 200;
const TARGET_P99_MS = 250;

/** The organization seeded with `contacts` contacts by an earlier run on this database, else a new one. */
function benchOrganization(database: DatabaseHandle, label: string, contacts: number) {
  return seededOnce(
    database.db,
    `Bench search (${contacts} contacts)`,
    (organizationName) => {
      progress(`${label}: seeding ${contacts.toLocaleString('en-US')} contacts …`);
      return seedScale(database.db, { contacts, organizationName, log: progress });
    },
    (line) => progress(`${label}: ${line}`),
  );
}

async function benchDatabase(database: DatabaseHandle, label: string, contacts: number, connections: number, seconds: number) {
  await migrateToLatest(database.db);
  const { organizationId, ownerId } = await benchOrganization(database, label, contacts);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const deps = buildDeps({ config, database, logger: createLogger(config) });
  const auth = ownerAuth(organizationId, ownerId);
  const sample = await scoped(database.db, organizationId).selectFrom('contacts').select(['first_name', 'last_name', 'email', 'phone']).orderBy('id').limit(40).execute();
  const queries = sample.flatMap((c) => [c.last_name.slice(0, 2), c.first_name.slice(0, 3), `${c.first_name} ${c.last_name}`, c.email ?? c.first_name, (c.phone ?? '').slice(-7) || c.last_name]);

  const search = async (q: string) => {
    const reading = readingForOrganization(deps, organizationId);
    let ok = false;
    try {
      await globalSearch({ db: reading.deps.database.db, organizationId, auth, deps: reading.deps }, ZGlobalSearchInput.parse({ q }));
      ok = true;
    } finally {
      await reading.end(ok ? 'commit' : 'rollback');
    }
  };
  for (const q of queries.slice(0, 10)) await search(q); // warm-up: plans, caches
  progress(`${label}: ${connections} concurrent searchers for ${seconds} s …`);
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const q = queries[next++ % queries.length]!;
        const started = performance.now();
        await search(q).then(
          () => latencies.push(performance.now() - started),
          () => failures++,
        );
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  return { label, contacts, rps: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failures };
}

async function main() {
  const connections = envNumber('BENCH_SEARCH_CONNECTIONS', 20, { whole: true });
  const seconds = envNumber('BENCH_SEARCH_SECONDS', 10);
  const results = [];
  const base = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (base) {
    const url = await benchDatabaseUrl(base, benchDatabaseName('search'));
    const database = await openDatabase({ kind: 'postgres', url, maxConnections: connections, rowLevelSecurity: true });
    try {
      results.push(await benchDatabase(database, 'Postgres', envNumber('BENCH_SEARCH_CONTACTS', 1_000_000, { whole: true }), connections, seconds));
    } finally {
      await database.close();
    }
  } else progress('Postgres skipped: set BENCH_DATABASE_URL or DATABASE_URL');
  const pglite = await openDatabase({ kind: 'pglite', dataDir: undefined, rowLevelSecurity: true });
  try {
    results.push(await benchDatabase(pglite, 'PGlite (in memory)', envNumber('BENCH_SEARCH_PGLITE_CONTACTS', 100_000, { whole: true }), connections, seconds));
  } finally {
    await pglite.close();
  }
  printTable(
    `search.global, ${connections} concurrent, ${loadLine('after')}`,
    ['database', 'contacts', 'searches/s', 'p50 ms', 'p99 ms', 'failed', `target ≥ ${TARGET_RPS}/s, p99 < ${TARGET_P99_MS} ms`],
    results.map((r) => [r.label, r.contacts.toLocaleString('en-US'), num(r.rps, 0), num(r.p50, 1), num(r.p99, 1), String(r.failures), r.rps >= TARGET_RPS && r.p99 < TARGET_P99_MS ? 'met' : 'missed']),
  );
}

await main();
